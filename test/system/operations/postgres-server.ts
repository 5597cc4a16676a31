import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { HeraldProcess } from './herald-process';

/**
 * A private PostgreSQL for a test that needs to stop and start one (postgres-server.process.js
 * runs deploy/dev/embedded-postgres.js). Started again on the same folder and port, it is the
 * same server with the same data, at the same URL.
 */
export class EmbeddedPostgresServer {
  private constructor(
    private readonly controller: HeraldProcess,
    readonly url: string,
    /** The postmaster's pid. */
    readonly pid: number,
  ) {}

  static async start(dir: string, port: number): Promise<EmbeddedPostgresServer> {
    const child = spawn(process.execPath, [join(__dirname, 'postgres-server.process.js'), dir, String(port)], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const controller = new HeraldProcess(child);
    const started = controller.line(/^\{"url".*\}$/, 90000).then(([line]) => JSON.parse(line) as { url: string; pid: number });
    const failed = controller.exited.then(() => {
      throw new Error(`embedded PostgreSQL exited before it was ready: ${controller.stderr.join('\n')}`);
    });
    failed.catch(() => undefined); // it also rejects when the server is stopped later on
    const { url, pid } = await Promise.race([started, failed]);
    return new EmbeddedPostgresServer(controller, url, pid);
  }

  /** pg_ctl stop -m fast (clients disconnected, a checkpoint) or -m immediate (as a crash: recovery on the next start). */
  async stop(mode: 'fast' | 'immediate'): Promise<void> {
    if (this.controller.exit) return;
    this.controller.child.stdin!.write(`stop ${mode}\n`);
    const exit = await this.controller.exited;
    if (exit.code !== 0)
      throw new Error(`embedded PostgreSQL did not stop cleanly (${JSON.stringify(exit)}): ${this.controller.stderr.join('\n')}`);
  }
}
