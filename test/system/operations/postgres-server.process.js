'use strict';
/*
 * postgres-server.ts's child: an embedded PostgreSQL (deploy/dev/embedded-postgres.js, the helper `npm start` and the test
 * setup use) run for one test file. Its own process because jest's module system cannot load
 * embedded-postgres, which ships ES modules only.
 *
 * argv: data folder, port. stdout: one JSON line {url, pid} once the server accepts connections.
 * stdin: `stop fast` or `stop immediate`; the process exits once the server has. If its stdin
 * closes (the test process died), it stops the server the immediate way and exits.
 */
const { createInterface } = require('node:readline');
const { startEmbeddedPostgres } = require('../../../deploy/dev/embedded-postgres');

async function main() {
  const [dir, port] = process.argv.slice(2);
  const server = await startEmbeddedPostgres({ dir, port: Number(port), database: 'postgres', detached: false, auth: 'trust' });
  process.stdout.write(`${JSON.stringify({ url: server.url, pid: server.pid })}\n`);
  const stop = (mode) => server.stop(mode).then(() => process.exit(0));
  const input = createInterface({ input: process.stdin });
  input.on('line', (line) => {
    const [command, mode] = line.trim().split(/\s+/);
    if (command === 'stop' && (mode === 'fast' || mode === 'immediate')) void stop(mode);
  });
  input.on('close', () => void stop('immediate'));
}

main().catch((err) => {
  process.stderr.write(`embedded PostgreSQL did not start: ${err.message}\n`);
  process.exit(1);
});
