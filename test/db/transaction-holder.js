'use strict';
/*
 * A process that holds a transaction open through Herald's Database.transaction (the compiled
 * libs/db, as the services run it) until told to go on, so a test can kill its backend from
 * outside. It reports each step as one JSON line on stdout; it keeps running after the
 * transaction fails, so an unheard connection error shows as a crash, not as a missing line.
 *
 * argv: DATABASE_URL. stdin: one line to go on after the backend was killed.
 */
const { createInterface } = require('node:readline');
const { Database } = require('@herald/db');

const say = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);
const input = createInterface({ input: process.stdin });
const nextLine = () => new Promise((resolve) => input.once('line', resolve));

async function main() {
  // One connection: a broken client handed back to the pool would be the only one there is.
  const db = await Database.connect(process.argv[2], 1);
  const goOn = nextLine();
  try {
    await db.transaction(async (tx) => {
      await tx.query('CREATE TEMPORARY TABLE held (n int)');
      const { rows } = await tx.query('SELECT pg_backend_pid() AS pid');
      say({ in_transaction: rows[0].pid });
      await goOn;
      await tx.query('INSERT INTO held VALUES (1)');
    });
    say({ transaction: 'committed' });
  } catch (err) {
    say({ transaction: 'rejected', message: err.message, code: err.code ?? null });
  }
  const { rows } = await db.query('SELECT pg_backend_pid() AS pid');
  say({ pool_answered: rows[0].pid });
  const again = await db.transaction((tx) => tx.query('SELECT 41 + 1 AS answer'));
  say({ next_transaction: again.rows[0].answer });
  input.close();
  await db.close();
}

main().catch((err) => {
  process.stderr.write(`transaction-holder failed: ${err.stack}\n`);
  process.exit(2);
});
