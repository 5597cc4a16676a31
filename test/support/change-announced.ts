import { Client } from 'pg';

/**
 * Runs `change` and resolves once PostgreSQL has announced it on `channel` with `id` as payload.
 * A worker's caches drop an entry when that announcement reaches its own LISTEN connection, which
 * on a loaded machine can be later than the statement's reply: a test that changes a cached row
 * and then delivers waits for the announcement, as a worker would, instead of racing it.
 */
export async function changeAnnounced(databaseUrl: string, channel: string, id: string, change: () => Promise<unknown>): Promise<void> {
  const listener = new Client({ connectionString: databaseUrl, application_name: 'herald-test-change-announced' });
  await listener.connect();
  try {
    const heard = new Promise<void>((resolve) =>
      listener.on('notification', (n) => {
        if (n.channel === channel && n.payload === id) resolve();
      }),
    );
    await listener.query(`LISTEN "${channel}"`);
    await change();
    await heard;
  } finally {
    await listener.end();
  }
}
