import { randomUUID } from 'node:crypto';
import type { Config } from '@herald/config';
import type { Database } from '@herald/db';
import { SecretBox } from '@herald/secrets';
import { bootstrap } from '../../../services/api/src/projects/bootstrap.use-case';
import { createLogger } from '@herald/logger';
import request from 'supertest';
import { startEmailWorker } from '../../../services/email-worker/src/app';
import { deleteTestTopology } from '../../support/amqp-cleanup';
import { SmtpSink } from '../../support/smtp-sink';
import { startSystem, type RunningSystem } from '../../support/system';
import { testConfig } from '../../support/test-env';

export const APP_URL = 'https://app.herald.test';

/** A fresh address, so tests never share a user. */
export function anAddress(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** The token of the newest sign-in link mailed to `address`, read from the text part as a person would. */
export function linkTokenIn(smtp: SmtpSink, address: string, nth = 1): string | undefined {
  const mail = smtp.for(address)[nth - 1];
  if (!mail) return undefined;
  const match = /https:\/\/app\.herald\.test\/auth\/verify\?token=([A-Za-z0-9_%-]+)/.exec(mail.parsed.text ?? '');
  return match ? decodeURIComponent(match[1]) : undefined;
}

/** A session for a user without going through email: `herald bootstrap` signs its owner in. */
export async function aSession(db: Database, config: Config, email: string) {
  return bootstrap(db, new SecretBox(config.secretsKey), { name: `org-${randomUUID()}`, email });
}

export interface SignInSystem {
  smtp: SmtpSink;
  config: Config;
  system: RunningSystem;
  /** supertest against the gateway; paths start with /api/v1. */
  http(): ReturnType<typeof request>;
}

/**
 * The gateway, fan-out and a real email-worker sending to a real SMTP server in this process,
 * started once for a test file with its own AMQP namespace.
 */
export function useSignInSystem(env: Record<string, string> = {}): SignInSystem {
  const sut = {} as SignInSystem;
  beforeAll(async () => {
    sut.smtp = await SmtpSink.start();
    sut.config = testConfig({ APP_URL, SMTP_URL: sut.smtp.url, ...env });
    sut.system = await startSystem(sut.config, [(c) => startEmailWorker(c, createLogger('email-worker', c.LOG_LEVEL))]);
    const origin = sut.system.api.baseUrl.replace(/\/api\/v1$/, '');
    sut.http = () => request(origin);
  });
  afterAll(async () => {
    await sut.system?.stop();
    await deleteTestTopology(sut.config);
    await sut.smtp?.stop();
  });
  return sut;
}
