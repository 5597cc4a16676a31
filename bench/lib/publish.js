'use strict';
/**
 * End-to-end sender, its own process (forked by bench/run.js). POSTs `events` events, each
 * with `fanout` webhook recipients pointing at the receiver (?r=0..fanout-1), with at most
 * `concurrency` requests in flight, and optionally paced open-loop at `ratePerSec`.
 * Records, per event, the monotonic time (ms, CLOCK_MONOTONIC via process.hrtime, shared with
 * the receiver) just before the request is written, the status and the event id.
 *
 * Input: one JSON argument { url, apiKey, receiverUrl, run, events, fanout, concurrency, ratePerSec,
 * priority?, eventType?, consumer? } (priority: the events' `priority`, left out of the body when not given;
 * eventType: their `event_type`, 'bench' when not given; consumer: one `consumer` recipient (its
 * uid) instead of `fanout` webhook_url ones, the consumer's endpoints pointing at the receiver)
 * Output: { posts: [[seq, tPostMs, status, eventId, responseMs]], startedMs, finishedMs } as an IPC message
 * {result} when forked (then it idles until the parent disconnects), else one JSON line on stdout.
 */
const http = require('node:http');

const o = JSON.parse(process.argv[2]);
const target = new URL(o.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: o.concurrency });
const now = () => Number(process.hrtime.bigint()) / 1e6;

function bodyFor(seq) {
  const recipients = [];
  if (o.consumer) recipients.push({ channels: ['webhook'], consumer: o.consumer });
  else for (let r = 0; r < o.fanout; r++) recipients.push({ channels: ['webhook'], webhook_url: `${o.receiverUrl}?r=${r}` });
  return JSON.stringify({
    event_type: o.eventType || 'bench',
    ...(o.priority ? { priority: o.priority } : {}),
    recipients,
    payload: { bench_run: o.run, seq },
    inline: { html: '<p>x</p>' },
  });
}

function post(seq) {
  const body = bodyFor(seq);
  return new Promise((resolve) => {
    const t = now();
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-api-key': o.apiKey },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          let id = null;
          try {
            id = JSON.parse(Buffer.concat(chunks).toString('utf8')).id || null;
          } catch {
            /* non-JSON error body */
          }
          resolve([seq, t, res.statusCode, id, now() - t]);
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve([seq, t, 0, null, now() - t]));
    req.end(body);
  });
}

async function main() {
  const posts = new Array(o.events);
  const startedMs = now();
  let next = 0;
  const interval = o.ratePerSec ? 1000 / o.ratePerSec : 0;
  async function lane() {
    while (next < o.events) {
      const seq = next++;
      if (interval) {
        const due = startedMs + seq * interval;
        const wait = due - now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      }
      posts[seq] = await post(seq);
    }
  }
  await Promise.all(Array.from({ length: o.concurrency }, lane));
  const finishedMs = now();
  agent.destroy();
  const result = { posts, startedMs, finishedMs };
  if (process.send) {
    // Stay alive (idle) until the parent disconnects, so its CPU sample still sees this process.
    process.send({ result });
    process.on('disconnect', () => process.exit(0));
  } else {
    process.stdout.write(JSON.stringify(result) + '\n');
  }
}

main().catch((err) => {
  process.stderr.write(`publish: ${err.stack || err}\n`);
  process.exit(1);
});
