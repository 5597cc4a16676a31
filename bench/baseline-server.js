'use strict';
/**
 * The baseline: the least an Express + pg service can do to accept an event. It parses the JSON
 * body, then writes the same event row and outbox row the gateway writes (same tables, same
 * columns, one statement = one implicit transaction, as in
 * services/api/src/events/event.repository.ts) and answers 202 with the inserted summary.
 * No auth, no validation, no request-id, no logging: what the stack itself allows.
 *
 * env: PORT, DATABASE_URL, DB_POOL_SIZE, BENCH_PROJECT_ID, BENCH_API_KEY_ID, BENCH_EVENTS_EXCHANGE
 */
const { createHash, randomUUID } = require('node:crypto');
const express = require('express');
const { Pool } = require('pg');

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE || 10) });
const projectId = process.env.BENCH_PROJECT_ID;
const apiKeyId = process.env.BENCH_API_KEY_ID;
const exchange = process.env.BENCH_EVENTS_EXCHANGE;

const SQL = `WITH inserted AS (
   INSERT INTO events (id, project_id, api_key_id, event_type, priority, payload, recipients, content, attachments,
                       metadata, idempotency_key, request_hash, batch_id, request_id, recipient_count, notification_count)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
   ON CONFLICT (project_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
   RETURNING id, event_type, status, priority, recipient_count, has_failures, idempotency_key, created_at, updated_at
 ), relayed AS (
   INSERT INTO outbox (exchange, routing_key, payload, headers)
   SELECT $17, $18, $19::jsonb, $20::jsonb FROM inserted
 )
 SELECT * FROM inserted`;

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.use(express.json({ limit: '10mb' }));
app.post('/events', async (req, res) => {
  const b = req.body;
  const id = randomUUID();
  const requestId = randomUUID();
  const recipients = b.recipients || [];
  const notifications = recipients.reduce((n, r) => n + (r.channels ? r.channels.length : 0), 0);
  const { rows } = await pool.query(SQL, [
    id,
    projectId,
    apiKeyId,
    b.event_type,
    b.priority || 'medium',
    JSON.stringify(b.payload),
    JSON.stringify(recipients),
    JSON.stringify(b.inline ? { inline: b.inline } : { template_name: b.template_name }),
    JSON.stringify(b.attachments || []),
    b.metadata === undefined ? null : JSON.stringify(b.metadata),
    b.idempotency_key || null,
    createHash('sha256').update(JSON.stringify(b)).digest('hex'),
    null,
    requestId,
    recipients.length,
    notifications,
    exchange,
    'event.accepted',
    JSON.stringify({ kind: 'event.accepted', event_id: id, project_id: projectId }),
    JSON.stringify({ 'x-request-id': requestId }),
  ]);
  res.status(202).json(rows[0]);
});
app.use((err, _req, res, _next) => {
  res.status(500).json({ detail: String(err && err.message) });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  server.keepAliveTimeout = 65_000;
  if (process.send) process.send({ ready: true, port: server.address().port });
});

function stop() {
  server.close();
  server.closeIdleConnections();
  pool.end().finally(() => process.exit(0));
}
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.on('disconnect', stop);
