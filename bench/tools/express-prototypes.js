'use strict';
/**
 * `node bench/tools/express-prototypes.js` (after `npm run build`): CPU per request of one Express
 * route answering JSON, served by `http.createServer(app)` against the api's `expressServer(app)`
 * (services/api/src/http/express-server.ts), alternated, 32 connections of autocannon, each run
 * 6 s after 3 s unmeasured. Prints one JSON line per run. Env: EXPRESS_PROTOTYPES_ROUNDS [3].
 */
const { fork } = require('node:child_process');
const http = require('node:http');
const path = require('node:path');
const autocannon = require('autocannon');

const ROUNDS = Number(process.env.EXPRESS_PROTOTYPES_ROUNDS || 3);

function serve(mode) {
  const express = require('express');
  const { expressServer } = require(path.join(__dirname, '../../services/api/dist/http/express-server.js'));
  const app = express();
  app.set('etag', false);
  app.use(express.json());
  app.post('/things/:id', (req, res) => {
    res.status(202).json({ id: req.params.id, path: req.path, type: req.get('content-type'), size: req.body.c.length });
  });
  const server = mode === 'herald' ? expressServer(app) : http.createServer(app);
  server.listen(0, '127.0.0.1', () => process.send(server.address().port));
  process.on('message', () => {
    const { user, system } = process.cpuUsage();
    process.send((user + system) / 1000);
  });
}

async function measure(mode) {
  const child = fork(path.join(__dirname, 'express-prototypes.js'), [mode]);
  const reply = (send) => new Promise((resolve) => child.once('message', resolve) && send && child.send(1));
  const port = await reply(false);
  const load = (duration) =>
    autocannon({
      url: `http://127.0.0.1:${port}/things/7`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 'abc', b: [1, 2, 3], c: 'x'.repeat(200) }),
      connections: 32,
      duration,
    });
  await load(3);
  const before = await reply(true);
  const result = await load(6);
  const after = await reply(true);
  child.kill();
  return {
    node: process.version,
    server: mode,
    requests_per_s: Math.round(result.requests.average),
    cpu_us_per_request: Math.round((1000 * (after - before)) / result.requests.total),
  };
}

if (process.argv[2]) serve(process.argv[2]);
else
  (async () => {
    for (let i = 0; i < ROUNDS; i++) for (const mode of ['createServer', 'herald']) console.log(JSON.stringify(await measure(mode)));
  })();
