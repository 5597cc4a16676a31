import { Counter, Gauge, Histogram } from 'prom-client';
import { registry } from './registry';

/**
 * Every Herald metric, in one place (docs/operations.md lists them). Labels are bounded sets:
 * channel, status, outcome, queue name, HTTP method and route template. Never a project id,
 * an address or a URL: one label value per tenant would grow the series without bound.
 */
const registers = [registry];

/** Seconds, from 5 ms to 2 minutes: provider calls and end-to-end delivery both fit. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

export const httpRequests = new Counter({
  name: 'herald_http_requests_total',
  help: 'HTTP requests answered by the api, by method, route template and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});

export const httpRequestDuration = new Histogram({
  name: 'herald_http_request_duration_seconds',
  help: 'Time from receiving an HTTP request to finishing its answer, by method, route template and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const requestBodyBytesHeld = new Gauge({
  name: 'herald_http_request_body_bytes_held',
  help: 'Request-body bytes the api holds now, read or being read: at MAX_BODY_BYTES_IN_FLIGHT it refuses further bodies with 503.',
  registers,
});

export const requestBodiesRefused = new Counter({
  name: 'herald_http_request_bodies_refused_total',
  help: 'Request bodies refused with 503 because the api held its budget of body bytes (share=process) or the caller held its share of it (share=caller).',
  labelNames: ['share'] as const,
  registers,
});

export const eventsAccepted = new Counter({
  name: 'herald_events_accepted_total',
  help: 'Events accepted (answered 202) by the api, single and batch.',
  registers,
});

export const notificationsFinished = new Counter({
  name: 'herald_notifications_finished_total',
  help: 'Arrivals of notifications at a final status (delivered, failed, suppressed), by channel; a replayed notification counts again.',
  labelNames: ['channel', 'status'] as const,
  registers,
});

export const deliveryAttempts = new Counter({
  name: 'herald_delivery_attempts_total',
  help: 'Provider attempts, by channel and outcome (delivered, retryable, permanent).',
  labelNames: ['channel', 'outcome'] as const,
  registers,
});

export const providerRequestDuration = new Histogram({
  name: 'herald_provider_request_duration_seconds',
  help: 'Duration of one provider call (webhook POST, SMTP/SES send, Twilio request), by channel.',
  labelNames: ['channel'] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});

export const deliveryLatency = new Histogram({
  name: 'herald_delivery_latency_seconds',
  help: 'End to end: from the event being accepted to this notification being delivered, by channel.',
  labelNames: ['channel'] as const,
  buckets: [...LATENCY_BUCKETS, 300, 900, 3600],
  registers,
});

export const retriesScheduled = new Counter({
  name: 'herald_retries_scheduled_total',
  help: 'Failed attempts whose retry was scheduled with backoff, by channel.',
  labelNames: ['channel'] as const,
  registers,
});

export const deliveriesMoved = new Counter({
  name: 'herald_deliveries_moved_total',
  help: 'Deliveries moved one lane down because their project, or their destination, held its share of the lane with slow sends, by channel, lane left and share.',
  labelNames: ['channel', 'lane', 'share'] as const,
  registers,
});

export const webhookCircuitsOpened = new Counter({
  name: 'herald_webhook_circuits_opened_total',
  help: "Times a project's webhook origin failed WEBHOOK_CIRCUIT_FAILURES sends in a row (or a probe failed) and its circuit opened.",
  registers,
});

export const webhookCircuitsOpen = new Gauge({
  name: 'herald_webhook_circuits_open',
  help: 'Project webhook origins this worker process is not trying now (circuit open or probing).',
  registers,
});

export const deliveriesHeld = new Counter({
  name: 'herald_deliveries_held_total',
  help: 'Deliveries to a rate-limited consumer endpoint held back for its next send slot, by channel and how: waited in the worker or requeued delayed.',
  labelNames: ['channel', 'how'] as const,
  registers,
});

export const consumerEndpointsDisabled = new Counter({
  name: 'herald_consumer_endpoints_disabled_total',
  help: 'Consumer endpoints disabled by Herald because every delivery to them failed for ENDPOINT_DISABLE_AFTER_HOURS.',
  registers,
});

export const deadLetters = new Counter({
  name: 'herald_dead_letters_total',
  help: 'Deliveries parked in the dead-letter queue (retries exhausted or a permanent failure), by channel.',
  labelNames: ['channel'] as const,
  registers,
});

export const schedulerLag = new Gauge({
  name: 'herald_scheduler_lag_seconds',
  help: 'How late the scheduler dispatched the most overdue scheduled event of its last pass (0 when none was due).',
  registers,
});

export const outboxBacklog = new Gauge({
  name: 'herald_outbox_backlog',
  help: 'Accepted events (and replays) written to the outbox and not yet handed to the queue.',
  registers,
});

export const outboxOldestAge = new Gauge({
  name: 'herald_outbox_oldest_age_seconds',
  help: 'Age of the oldest outbox row not yet handed to the queue (0 when empty).',
  registers,
});

export const queueMessages = new Gauge({
  name: 'herald_queue_messages',
  help: 'Messages waiting in each queue of the topology (work, retry and dead-letter queues).',
  labelNames: ['queue'] as const,
  registers,
});

export const queueConsumers = new Gauge({
  name: 'herald_queue_consumers',
  help: 'Consumers attached to each queue of the topology.',
  labelNames: ['queue'] as const,
  registers,
});
