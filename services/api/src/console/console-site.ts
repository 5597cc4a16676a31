import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Response } from 'express';
import { BASE_PATH } from '../http/base-path';

/** The placeholder index.html carries for the nonce of its style tags (services/console/index.html). */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * No inline script at all and nothing loaded from elsewhere; styles only from the console's own
 * CSS file or a tag carrying this response's nonce (Mantine's runtime variables); the console
 * talks to this origin only; no page may frame it. `frame-src 'self'` lets the template editor
 * show its preview in a sandboxed srcdoc frame (which has an opaque origin: it reaches nothing).
 */
function contentSecurityPolicy(nonce: string, frameAncestors = "'none'"): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** The consumer portal page of a project (docs/consumers.md, Portal): `/portal/<project_id>`. */
const PORTAL_PAGE = /^\/portal\/([^/]+)\/?$/;
const PORTAL_HTML = 'portal.html';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The origins a project lets frame its portal page (its portal settings); none when it has none. */
export type PortalFrameAncestors = (projectId: string) => Promise<string[]>;

/**
 * The page an email template's HTML is previewed in (shared/html-frame.tsx): framed by the
 * console only, sandboxed there without its origin, it runs its own script and nothing else,
 * while the email's inline styles and images show as a mail client would show them.
 */
const PREVIEW_FRAME = '/preview-frame.html';
const PREVIEW_FRAME_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  'img-src https: data:',
  'font-src https: data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** Headers every console answer carries; the sign-in link's token must never leave in a Referer. */
const PAGE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

/**
 * The portal page, framed only by the origins its project lists (CSP `frame-ancestors`, which
 * supersedes X-Frame-Options, so that header is left off): with none, or for an id that is no
 * project's, `'none'`, the same page either way, so the answer does not tell whether a project
 * exists. The code in the URL fragment never reaches here, and no-referrer keeps it out of Referers.
 */
async function servePortal(page: string, projectId: string, portalOrigins: PortalFrameAncestors, res: Response): Promise<void> {
  const origins = UUID.test(projectId) ? await portalOrigins(projectId) : [];
  const nonce = randomBytes(16).toString('base64');
  res.removeHeader('X-Frame-Options');
  res
    .status(200)
    .set({
      'Content-Security-Policy': contentSecurityPolicy(nonce, origins.length ? origins.join(' ') : "'none'"),
      'Cache-Control': 'no-cache',
    })
    .type('html')
    .send(page.replaceAll(NONCE_PLACEHOLDER, nonce));
}

/** Where `npm run build` puts the console (services/console/dist), found through the workspace package. */
export function builtConsoleDir(): string | undefined {
  try {
    const dir = path.join(path.dirname(require.resolve('@herald/console/package.json')), 'dist');
    return existsSync(path.join(dir, 'index.html')) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Serves the console at `/`: hashed files under /assets for a year (their names change with their
 * content), any other path that is not the API's gets index.html (the console's own routes, e.g.
 * the links in Herald's emails), never cached, with a fresh nonce in its CSP. Without a built
 * console those paths say how to build it. Only GET and HEAD; /api/v1 is never touched here.
 */
export function consoleSite(dir: string | undefined, portalOrigins: PortalFrameAncestors = async () => []): RequestHandler {
  if (!dir) {
    return (req, res, next) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith(`${BASE_PATH}/`)) return next();
      res.status(404).type('text/plain').send('The console is not built: run `npm run build`. The API is at /api/v1.\n');
    };
  }
  const index = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const previewFrame = existsSync(path.join(dir, PREVIEW_FRAME)) ? readFileSync(path.join(dir, PREVIEW_FRAME), 'utf8') : undefined;
  const assets = express.static(path.join(dir, 'assets'), {
    immutable: true,
    maxAge: '365d',
    index: false,
    fallthrough: false,
    etag: false,
  });
  const files = express.static(dir, { maxAge: '1h', index: false, etag: false });
  const portal = existsSync(path.join(dir, PORTAL_HTML)) ? readFileSync(path.join(dir, PORTAL_HTML), 'utf8') : undefined;
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === BASE_PATH || req.path.startsWith(`${BASE_PATH}/`)) return next();
    res.set(PAGE_HEADERS);
    if (req.path === PREVIEW_FRAME && previewFrame) {
      res
        .status(200)
        .set({ 'Content-Security-Policy': PREVIEW_FRAME_POLICY, 'X-Frame-Options': 'SAMEORIGIN', 'Cache-Control': 'no-cache' })
        .type('html')
        .send(previewFrame);
      return;
    }
    const portalProject = PORTAL_PAGE.exec(req.path)?.[1];
    if (portalProject !== undefined && portal) {
      servePortal(portal, portalProject, portalOrigins, res).catch(next);
      return;
    }
    if (req.path.startsWith('/assets/')) {
      // The preview frame has no origin of its own, so its module script is a CORS fetch; the
      // files here are public and the same for everyone.
      res.set('Access-Control-Allow-Origin', '*');
      req.url = req.url.slice('/assets'.length);
      return assets(req, res, (err?: unknown) => {
        if (err) res.status(404).type('text/plain').send('not found\n');
      });
    }
    // index.html itself only ever goes out with its nonce and policy, below.
    const serveFile = req.path === '/index.html' ? (_req: unknown, _res: unknown, skip: () => void) => skip() : files;
    serveFile(req, res, () => {
      const nonce = randomBytes(16).toString('base64');
      res
        .status(200)
        .set({ 'Content-Security-Policy': contentSecurityPolicy(nonce), 'Cache-Control': 'no-cache' })
        .type('html')
        .send(index.replaceAll(NONCE_PLACEHOLDER, nonce));
    });
  };
}
