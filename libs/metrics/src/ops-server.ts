import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { registry } from './registry';
import { ScrapeHooks, type ScrapeHook } from './scrape-hooks';

export interface DependencyCheck {
  name: string;
  ok: boolean;
  detail?: string;
  /** false: the process still does its work without it (degraded, still ready). Default true. */
  required?: boolean;
}

/** What a service tells its orchestrator about itself. */
export interface ProcessHealth {
  /** The dependencies it needs to do its work (database, queue); readiness fails while any is down. */
  ready?(): Promise<DependencyCheck[]>;
  /** Why the process is wedged and needs a restart (liveness fails), or undefined. */
  wedged?(): string | undefined;
  /** Gauges read from elsewhere (queue depths, outbox backlog), refreshed on scrape. */
  scrapeHooks?: ScrapeHook[];
}

export interface OpsServerOptions {
  port: number;
  host?: string;
  health: ProcessHealth;
  /** Bounds a readiness check: a dependency that does not answer counts as down. */
  readyTimeoutMs?: number;
  onScrapeError?: (hook: string, err: Error) => void;
}

export interface OpsServer {
  readonly port: number;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(text);
}

async function readiness(health: ProcessHealth, timeoutMs: number): Promise<DependencyCheck[]> {
  if (!health.ready) return [];
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<DependencyCheck[]>((resolve) => {
    timer = setTimeout(() => resolve([{ name: 'readiness', ok: false, detail: `no answer within ${timeoutMs} ms` }]), timeoutMs);
  });
  try {
    return await Promise.race([health.ready(), late]);
  } catch (err) {
    return [{ name: 'readiness', ok: false, detail: (err as Error).message }];
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Every process's small operations listener (OPS_PORT): `/metrics` in the Prometheus text
 * format, `/livez` (the event loop answers and the consumer is not wedged: never a dependency,
 * so a database outage does not restart every pod) and `/readyz` (its dependencies answer).
 * It is separate from the api's port so probes and scrapes never queue behind client traffic
 * and workers, which serve no HTTP, have one too.
 */
export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  const hooks = new ScrapeHooks({ cacheMs: 5_000, timeoutMs: 2_000, onError: options.onScrapeError ?? (() => undefined) });
  for (const hook of options.health.scrapeHooks ?? []) hooks.add(hook);
  const readyTimeoutMs = options.readyTimeoutMs ?? 2_000;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { detail: 'only GET' });
    if (path === '/metrics') {
      await hooks.refresh();
      const text = await registry.metrics();
      res.writeHead(200, { 'content-type': registry.contentType }).end(text);
      return;
    }
    if (path === '/livez') {
      const reason = options.health.wedged?.();
      return reason ? send(res, 503, { status: 'wedged', detail: reason }) : send(res, 200, { status: 'ok' });
    }
    if (path === '/readyz') {
      const checks = await readiness(options.health, readyTimeoutMs);
      const ok = checks.every((c) => c.ok || c.required === false);
      const status = !ok ? 'not_ready' : checks.every((c) => c.ok) ? 'ready' : 'degraded';
      return send(res, ok ? 200 : 503, { status, checks });
    }
    return send(res, 404, { detail: 'not found: /metrics, /livez and /readyz are served here' });
  };

  const server: Server = createServer((req, res) => {
    // Nothing here reads a request body; whatever a client sends is drained and ignored.
    req.resume();
    handle(req, res).catch((err: Error) => {
      if (!res.headersSent) send(res, 500, { detail: err.message });
      else res.destroy();
    });
  });
  server.headersTimeout = 5_000;
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.unref();
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
