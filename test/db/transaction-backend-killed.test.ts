import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { eventually } from '../support/eventually';
import { TEST_DATABASE_URL } from '../support/test-env';
import { HeraldProcess, ROOT } from '../system/operations/herald-process';

/**
 * A database restart or an administrator's pg_terminate_backend can end a connection while a
 * transaction holds it between two statements. A real process (transaction-holder.js, on the
 * compiled libs/db the services run) holds a transaction through Database.transaction while its
 * backend is terminated from a second connection: the process must live on, the transaction
 * must fail as a rejected promise, and the pool must hand out a working connection next.
 */
const HOLDER = join(__dirname, 'transaction-holder.js');

let admin: Client;

beforeAll(async () => {
  admin = new Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
});

afterAll(async () => {
  await admin.end();
});

/** Each JSON line the holder has written so far. */
const reports = (holder: HeraldProcess) => holder.stdout.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('Database.transaction when its connection is killed mid-transaction', () => {
  it('when the backend is terminated between two statements, then the process lives on, the transaction rejects and the pool serves a new connection', async () => {
    const holder = new HeraldProcess(spawn(process.execPath, [HOLDER, TEST_DATABASE_URL], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] }));
    try {
      const [, pid] = await holder.line(/^\{"in_transaction":(\d+)\}$/);
      const killed = await admin.query<{ terminated: boolean }>('SELECT pg_terminate_backend($1) AS terminated', [Number(pid)]);
      expect(killed.rows[0].terminated).toBe(true);
      // Gone from the server: its last words (the FATAL message) are already on the holder's socket.
      await eventually(async () => {
        const left = await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [Number(pid)]);
        expect(left.rowCount).toBe(0);
      });
      holder.child.stdin!.write('go on\n');

      // An unheard 'error' on the held client would end the process here, its stack on stderr.
      expect({ exit: await holder.exited, stderr: holder.stderr }).toEqual({ exit: { code: 0, signal: null }, stderr: [] });
      const [, outcome, pooled, next] = reports(holder);
      // The server's own reason, not a generic "not queryable".
      expect(outcome).toEqual({ transaction: 'rejected', message: 'terminating connection due to administrator command', code: '57P01' });
      // The pool holds one connection: the killed one was discarded, not handed out again.
      expect(pooled.pool_answered).toEqual(expect.any(Number));
      expect(pooled.pool_answered).not.toBe(Number(pid));
      expect(next).toEqual({ next_transaction: 42 });
    } finally {
      holder.child.kill('SIGKILL');
    }
  });
});
