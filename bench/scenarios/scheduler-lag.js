'use strict';
/**
 * Scheduler lag: how long after `scheduled_for` the scheduled event becomes a real event.
 * Called by bench/run.js with the api running. Starts services/scheduler at the test cadence
 * (SCHEDULER_INTERVAL_MS=1000), schedules BENCH_SCHEDULED_EVENTS events 2-6 s ahead, waits for
 * them to be dispatched, and reports lag = event created_at - scheduled_for.
 *
 * Knobs (env): BENCH_SCHEDULED_EVENTS [40], BENCH_SKIP_SCHEDULER.
 */
const path = require('node:path');

const ENTRY = path.join(__dirname, '..', '..', 'services/scheduler/dist/main.js');
const COUNT = Number(process.env.BENCH_SCHEDULED_EVENTS || 40);

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null;
}

async function api(ctx, method, route, body) {
  const res = await fetch(`${ctx.apiUrl}${route}`, {
    method,
    headers: { 'X-API-Key': ctx.apiKey, 'Content-Type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function run(ctx) {
  const scheduler = new ctx.Child('scheduler', ENTRY, [], ctx.serviceEnv({ SCHEDULER_INTERVAL_MS: '1000' }));
  try {
    const start = Date.now() + 2000;
    const ids = [];
    for (let i = 0; i < COUNT; i++) {
      const scheduledFor = new Date(start + Math.floor((i * 4000) / COUNT)).toISOString();
      const created = await api(ctx, 'POST', '/scheduled-events', {
        event_type: 'bench.scheduled',
        recipients: [{ channels: ['webhook'], webhook_url: ctx.receiverUrl }],
        payload: { i },
        inline: { html: '<p>x</p>' },
        scheduled_for: scheduledFor,
      });
      ids.push(created.id);
    }
    ctx.log(`scheduler lag: ${COUNT} events scheduled 2-6 s ahead`);
    const deadline = Date.now() + 30_000;
    let dispatched = [];
    while (Date.now() < deadline) {
      const page = await api(ctx, 'GET', '/scheduled-events?status=dispatched&per_page=100');
      dispatched = page.items.filter((s) => ids.includes(s.id));
      if (dispatched.length === COUNT) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const lags = [];
    for (const s of dispatched) {
      const event = await api(ctx, 'GET', `/events/${s.event_id}`);
      lags.push(new Date(event.created_at).getTime() - new Date(s.scheduled_for).getTime());
    }
    lags.sort((a, b) => a - b);
    return {
      available: true,
      interval_ms: 1000,
      scheduled: COUNT,
      dispatched: dispatched.length,
      lag_ms: { p50: percentile(lags, 50), p99: percentile(lags, 99), max: lags[lags.length - 1] ?? null },
    };
  } finally {
    await scheduler.stop();
  }
}

function report(r) {
  if (!r.available) return [`Scheduler lag: UNAVAILABLE: ${r.reason}`];
  return [
    `Scheduler lag (SCHEDULER_INTERVAL_MS=${r.interval_ms}): scheduled_for -> event created, ${r.dispatched}/${r.scheduled} dispatched`,
    `  p50 ${r.lag_ms.p50} ms, p99 ${r.lag_ms.p99} ms, max ${r.lag_ms.max} ms`,
  ];
}

module.exports = { run, report };
