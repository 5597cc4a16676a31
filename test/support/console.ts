import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Config } from '@herald/config';
import { createLogger } from '@herald/logger';
import { SecretBox } from '@herald/secrets';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import request from 'supertest';
import { bootstrap } from '../../services/api/src/projects/bootstrap.use-case';
import { startEmailWorker } from '../../services/email-worker/src/app';
import { startWebhookWorker } from '../../services/webhook-worker/src/app';
import { deleteTestTopology } from './amqp-cleanup';
import { eventually } from './eventually';
import { freePort } from './free-port';
import { SmtpSink } from './smtp-sink';
import { startSystem, type Part, type RunningSystem } from './system';
import { testConfig } from './test-env';

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it); HERALD_TEST_CHROMIUM overrides. */
const CHROMIUM = process.env.HERALD_TEST_CHROMIUM ?? '/usr/bin/chromium';
/** Where every page's screenshot goes, for a reviewer to look at without starting anything (gitignored). */
export const SCREENSHOTS = path.resolve(__dirname, '../../test-results/console');

export interface ConsoleUser {
  email: string;
  userId: string;
  organizationId: string;
  projectId: string;
  /** A project API key with every scope, for sending events as a client would. */
  apiKey: string;
  signingSecret: string;
  /** A bearer of another session of the same user, for setting things up through the API. */
  accessToken: string;
}

export interface ConsoleFixture {
  config: Config;
  system: RunningSystem;
  /** Where the api serves the console, e.g. http://127.0.0.1:40123 (also APP_URL: links in emails open it). */
  origin: string;
  smtp: SmtpSink;
  browser: Browser;
  /** supertest against the api; paths start with /api/v1. */
  http(): ReturnType<typeof request>;
  /** A user who owns an organization with one project, made without a browser. */
  aUserWithProject(label?: string): Promise<ConsoleUser>;
  /** A page in a browser context of its own (its own cookies), closed after the file. */
  newPage(): Promise<Page>;
  /** Signs in as a person does: the sign-in page, the email at the SMTP server, its link. */
  signIn(page: Page, email: string): Promise<void>;
  /** axe on the page as it is (no serious or critical violation), then a full-page screenshot named `name`. */
  audit(page: Page, name: string): Promise<void>;
}

/** The newest sign-in link mailed to `address`, read from the text part as a person would. */
export function signInLinkIn(smtp: SmtpSink, origin: string, address: string): string | undefined {
  const mails = smtp.for(address);
  const text = mails[mails.length - 1]?.parsed.text ?? '';
  const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escaped}/auth/verify\\?token=[A-Za-z0-9_%-]+`).exec(text)?.[0];
}

/**
 * The console in a real browser against the real system, once per test file: the api (serving
 * the built console at `origin`), fan-out, the email and webhook workers, an SMTP server that
 * receives Herald's emails, and Debian's Chromium driven by playwright-core.
 */
export function useConsole(
  options: {
    /** More settings; a function gets the origin first (to register Herald's callback at a provider it starts). */
    env?: Record<string, string> | ((origin: string) => Promise<Record<string, string>>);
    extra?: Array<(c: Config) => Promise<Part>>;
  } = {},
): ConsoleFixture {
  // Whole browser flows, most with several axe audits of 2-3 s each: on CI's loaded machine a
  // flow runs 2-3 times slower than alone, and some took over 60 s (jest's default here). A
  // safety net for every console file, not a speed any test asserts.
  jest.setTimeout(180_000);
  const fixture = {} as ConsoleFixture;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    fixture.smtp = await SmtpSink.start();
    const port = await freePort();
    fixture.origin = `http://127.0.0.1:${port}`;
    const env = typeof options.env === 'function' ? await options.env(fixture.origin) : options.env;
    fixture.config = testConfig({
      PORT: String(port),
      PUBLIC_URL: fixture.origin,
      APP_URL: fixture.origin,
      SMTP_URL: fixture.smtp.url,
      // Every browser here signs in from 127.0.0.1, many times an hour across the suite.
      MAGIC_LINK_PER_IP_PER_HOUR: '100000',
      MAGIC_LINK_PER_ADDRESS_AND_IP_PER_HOUR: '1000',
      MAGIC_LINK_PER_ADDRESS_PER_HOUR: '100000',
      ...env,
    });
    fixture.system = await startSystem(fixture.config, [
      (c) => startEmailWorker(c, createLogger('email-worker', c.LOG_LEVEL)),
      (c) => startWebhookWorker(c, createLogger('webhook-worker', c.LOG_LEVEL)),
      ...(options.extra ?? []),
    ]);
    fixture.http = () => request(fixture.origin);
    fixture.browser = await chromium.launch({
      executablePath: CHROMIUM,
      // Root in a container has no sandbox to drop into; the machine's network is closed, so
      // Chromium's own background calls are turned off rather than refused many times a start.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await fixture.browser?.close();
    await fixture.system?.stop();
    if (fixture.config) await deleteTestTopology(fixture.config);
    await fixture.smtp?.stop();
  });

  fixture.aUserWithProject = async (label = 'person') => {
    const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
    const made = await bootstrap(fixture.system.api.db, new SecretBox(fixture.config.secretsKey), {
      name: `org-${randomUUID().slice(0, 8)}`,
      email,
    });
    return {
      email,
      userId: made.user_id,
      organizationId: made.organization_id,
      projectId: made.project_id,
      apiKey: made.api_key,
      signingSecret: made.webhook_signing_secret,
      accessToken: made.access_token,
    };
  };

  fixture.newPage = async () => {
    // Reduced motion, as some users ask for: a page is audited at rest. A notification fading out
    // measures below AA contrast mid-fade (CI saw one, closing on its timer under a dialog).
    const context = await fixture.browser.newContext({
      viewport: { width: 1280, height: 800 },
      baseURL: fixture.origin,
      reducedMotion: 'reduce',
    });
    contexts.push(context);
    return context.newPage();
  };

  fixture.signIn = async (page, email) => {
    const before = fixture.smtp.for(email).length;
    await page.goto(`${fixture.origin}/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByText('Check your email').waitFor();
    const link = await eventually(async () => {
      expect(fixture.smtp.for(email).length).toBeGreaterThan(before);
      const found = signInLinkIn(fixture.smtp, fixture.origin, email);
      expect(found).toBeDefined();
      return found!;
    });
    await page.goto(link);
    await page.waitForURL((url) => url.pathname !== '/auth/verify' && url.pathname !== '/sign-in');
  };

  fixture.audit = async (page, name) => {
    // The callers wait for what they check first; networkidle is only a courtesy: after in-app
    // navigations Chromium does not always report it again (seen with a srcdoc frame on the page).
    await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
    // And whatever CSS still moves (a stylesheet's own transitions) ends before the analysis. A
    // string: the tests' own compiler has no DOM types.
    await page.evaluate(
      'Promise.race([Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))])',
    );
    // Every frame is analysed, the template preview's too (it runs its own script, so axe can be
    // injected; a frame sandboxed without scripts would hang the analysis, and the console has none).
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    const described = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
    expect(described).toEqual([]);
  };

  return fixture;
}
