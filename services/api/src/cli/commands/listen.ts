import { StartupError } from '@herald/config';
import type { Command } from 'commander';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UsageError } from '../program';
import { verifyDelivery, type Verification } from './delivery-verification';

const DEFAULT_PORT = 4242;

/** A Herald webhook body is its event's payload (at most 256 KiB as JSON) plus a few fields; anything past this is not one. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface Listening {
  port: number;
  close(): Promise<void>;
}

interface Io {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

export interface ListenOptions {
  port: number;
  secret: string;
  json: boolean;
}

/** The options of `listen` from the command line and the environment, or why they are refused. */
export function listenOptions(given: { port?: string; secret?: string; json?: boolean }, env: NodeJS.ProcessEnv): ListenOptions | string {
  const port = given.port === undefined ? DEFAULT_PORT : Number(given.port);
  if (!/^\d+$/.test(given.port ?? '0') || port > 65535) return `--port ${JSON.stringify(given.port)} is no port (0-65535)`;
  const secret = given.secret ?? env.HERALD_WEBHOOK_SECRET;
  if (!secret)
    return "the project's signing secret is required: --secret or HERALD_WEBHOOK_SECRET (webhook_signing_secret in `herald bootstrap`'s output)";
  return { port, secret, json: given.json ?? false };
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too large'> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return resolve('too large');
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        return resolve('too large');
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function describe(check: Verification): string {
  if (check.verified) return 'verified (X-Herald-Signature-256 and webhook-signature)';
  const parts = [
    `X-Herald-Signature-256 ${check.herald}`,
    `webhook-signature ${check.standardWebhooks}${check.reason ? ` (${check.reason})` : ''}`,
  ];
  return `REFUSED: ${parts.join(', ')}`;
}

function bodyOf(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * `herald listen`: a local receiver for a developer's first deliveries, in the spirit of
 * `stripe listen`. It listens on loopback only and prints every request it gets with the
 * verdict of both signature checks; the secret itself is never printed.
 */
export async function listen(opts: ListenOptions, io: Io = { out: process.stdout, err: process.stderr }): Promise<Listening> {
  const print = (entry: { id: string | null; check: Verification | null; status: number; body: unknown; note?: string }) => {
    const at = new Date().toISOString();
    if (opts.json) {
      const { check } = entry;
      const line = {
        received_at: at,
        id: entry.id,
        status: entry.status,
        verified: check?.verified ?? false,
        ...(check
          ? { herald_signature: check.herald, standard_webhooks: check.standardWebhooks, ...(check.reason ? { reason: check.reason } : {}) }
          : {}),
        ...(entry.note ? { note: entry.note } : {}),
        body: entry.body,
      };
      io.out.write(JSON.stringify(line) + '\n');
      return;
    }
    const verdict = entry.note ?? describe(entry.check!);
    const body = typeof entry.body === 'string' ? entry.body : JSON.stringify(entry.body, null, 2);
    io.out.write(`${at} delivery ${entry.id ?? '(no webhook-id)'} -> ${entry.status} ${verdict}\n${body}\n\n`);
  };

  const answer = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'Content-Type': 'application/json', Connection: 'close' }).end(JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    const id = (req.headers['webhook-id'] as string | undefined) ?? null;
    if (req.method !== 'POST') return answer(res, 405, { error: 'only POST is accepted' });
    readBody(req).then(
      (raw) => {
        if (raw === 'too large') {
          print({ id, check: null, status: 413, body: '', note: `REFUSED: body over ${MAX_BODY_BYTES} bytes` });
          return answer(res, 413, { error: `body over ${MAX_BODY_BYTES} bytes` });
        }
        const check = verifyDelivery(opts.secret, raw, req.headers);
        const status = check.verified ? 200 : 400;
        print({ id, check, status, body: bodyOf(raw) });
        answer(res, status, check.verified ? { received: true } : { error: 'signature verification failed' });
      },
      () => res.destroy(),
    );
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(new StartupError(`herald listen cannot listen on 127.0.0.1:${opts.port}: ${err.code ?? err.message}`)),
    );
    server.listen(opts.port, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  io.err.write(`herald listen: ready on http://127.0.0.1:${port}, verifying deliveries with the signing secret (Ctrl-C stops)\n`);
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `herald listen`: runs until Ctrl-C or SIGTERM, then closes its port; needs no database or configuration. */
export function registerListen(program: Command): void {
  program
    .command('listen')
    .usage('[--port PORT] [--secret SECRET] [--json]')
    .summary("receive webhooks on 127.0.0.1, verify each signature with the project's signing secret and print every delivery")
    .description(
      `Listens on http://127.0.0.1:PORT (default ${DEFAULT_PORT}) and prints every request: its webhook-id, whether ` +
        'X-Herald-Signature-256 (or -Next) and the Standard Webhooks headers verify with the signing secret ' +
        '(--secret or HERALD_WEBHOOK_SECRET; webhook_signing_secret in `herald bootstrap` output), and its body. ' +
        `Answers 200 to a verified delivery, 400 to a bad or missing signature, 413 past ${MAX_BODY_BYTES} bytes. ` +
        'The secret is never printed.',
    )
    .option('--port <PORT>', `port on 127.0.0.1 (0: any free one)`)
    .option('--secret <SECRET>', "the project's webhook signing secret (default: HERALD_WEBHOOK_SECRET)")
    .option('--json', 'one JSON object a line instead of text')
    .action(async (given: { port?: string; secret?: string; json?: boolean }) => {
      const opts = listenOptions(given, process.env);
      if (typeof opts === 'string') throw new UsageError(opts);
      const listening = await listen(opts);
      await new Promise<void>((resolve) => {
        for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void listening.close().then(resolve));
      });
    });
}
