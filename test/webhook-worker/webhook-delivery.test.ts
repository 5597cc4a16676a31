import { randomUUID } from 'node:crypto';
import { eventually } from '../support/eventually';
import { WebhookReceiver } from '../support/webhook-receiver';
import { anEvent } from './event.builder';
import { WorkerHarness } from './worker.harness';

/** Real worker, PostgreSQL, RabbitMQ and HTTP receivers; retries use the test policy (3 attempts, 50-200 ms). */
describe('webhook worker: delivery', () => {
  let h: WorkerHarness;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    h = await WorkerHarness.start();
  });

  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.stop()));
    await h.stop();
  });

  async function setup(urlPath = '/hooks') {
    const project = await h.project();
    const receiver = await WebhookReceiver.start(project.webhook_signing_secret);
    receivers.push(receiver);
    const built = await anEvent(project.project_id)
      .withWebhooks(receiver.url + urlPath)
      .insert(h.db);
    return { project, receiver, eventId: built.eventId, msg: built.messages[0], url: receiver.url + urlPath };
  }

  it('when the receiver answers 200, then the signed webhook is delivered, logged and the event completed', async () => {
    const { receiver, eventId, msg } = await setup('/hooks?tenant=7');
    await h.publish(msg, { 'x-request-id': 'req-delivered-1' });

    await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('delivered'));
    expect(receiver.requests).toHaveLength(1);
    const [req] = receiver.requests;
    expect(req.signatureValid).toBe(true);
    expect(req.standardSignatureValid).toBe(true);
    expect(Object.keys(req.body)).toEqual(['event_type', 'payload', 'notification_id', 'timestamp']);
    expect(req.body).toEqual({
      event_type: 'order.shipped',
      payload: { order_id: 'o-1', total: 12.5, note: 'café' },
      notification_id: msg.notification_id,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(req.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Herald-Webhooks/1.0',
      'x-herald-notification-id': msg.notification_id,
      'x-herald-attempt': '1',
      'x-herald-message-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
      'x-request-id': 'req-delivered-1',
    });

    const notification = await h.notification(msg.notification_id);
    expect(notification).toMatchObject({ retry_count: 0, last_error: null });
    expect(notification.delivered_at).not.toBeNull();
    const logs = await h.logs(msg.notification_id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ attempt: 1, status: 'delivered', error: null });
    expect(logs[0].provider_response).toMatchObject({
      status_code: 200,
      message_id: req.headers['x-herald-message-id'],
      body_excerpt: 'ok',
    });
    expect(typeof logs[0].provider_response.latency_ms).toBe('number');
    expect(await h.event(eventId)).toMatchObject({ status: 'completed', delivered_count: 1, failed_count: 0, has_failures: false });
  });

  it('when the receiver fails twice with 503, then attempt 3 delivers with retry_count 2 and three logs', async () => {
    const { receiver, eventId, msg } = await setup();
    receiver.respondWith((_req, res, nth) => res.writeHead(nth <= 2 ? 503 : 200).end());
    await h.publish(msg);

    await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('delivered'));
    expect((await h.notification(msg.notification_id)).retry_count).toBe(2);
    expect(receiver.requests.map((r) => r.headers['x-herald-attempt'])).toEqual(['1', '2', '3']);
    expect(receiver.requests.every((r) => r.signatureValid && r.standardSignatureValid)).toBe(true);
    expect(new Set(receiver.requests.map((r) => r.headers['x-herald-message-id'])).size).toBe(3);
    // Receivers deduplicate by webhook-id: every attempt of one notification carries the same one.
    expect(receiver.requests.map((r) => r.headers['webhook-id'])).toEqual(Array(3).fill(msg.notification_id));
    const logs = await h.logs(msg.notification_id);
    expect(logs.map((l) => [l.attempt, l.status, l.error])).toEqual([
      [1, 'retrying', 'HTTP 503'],
      [2, 'retrying', 'HTTP 503'],
      [3, 'delivered', null],
    ]);
    expect(await h.event(eventId)).toMatchObject({ status: 'completed', delivered_count: 1 });
  });

  it('when the receiver always answers 500, then the notification fails and is dead-lettered as retries_exhausted', async () => {
    const { receiver, eventId, msg, url } = await setup();
    receiver.respondWith((_req, res) => res.writeHead(500).end('boom'));
    await h.publish(msg);

    await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('failed'));
    expect(receiver.requests).toHaveLength(3);
    expect(await h.notification(msg.notification_id)).toMatchObject({ retry_count: 2, last_error: 'gave up after 3 attempts: HTTP 500' });
    expect((await h.logs(msg.notification_id)).map((l) => l.status)).toEqual(['retrying', 'retrying', 'failed']);
    const [dead] = await h.deadLetterRows(msg.notification_id);
    expect(dead).toMatchObject({
      status: 'active',
      channel: 'webhook',
      error_type: 'retries_exhausted',
      retry_count: 2,
      recipient: url,
    });
    expect(dead.message).toMatchObject({ notification_id: msg.notification_id, attempt: 3 });
    await eventually(async () => {
      const queued = (await h.deadLetters()).find((m) => m.json?.notification_id === msg.notification_id);
      expect(queued?.headers['x-herald-error-type']).toBe('retries_exhausted');
    });
    expect(await h.event(eventId)).toMatchObject({ status: 'failed', delivered_count: 0, failed_count: 1, has_failures: true });
  });

  it('when the receiver answers 400, then it fails after one attempt as permanent_failure', async () => {
    const { receiver, msg } = await setup();
    receiver.respondWith((_req, res) => res.writeHead(400).end('{"error":"unknown hook"}'));
    await h.publish(msg);

    await eventually(async () => expect(await h.deadLetterRows(msg.notification_id)).toHaveLength(1));
    expect(await h.notification(msg.notification_id)).toMatchObject({ status: 'failed', retry_count: 0, last_error: 'HTTP 400' });
    expect((await h.deadLetterRows(msg.notification_id))[0]).toMatchObject({ error_type: 'permanent_failure', error_message: 'HTTP 400' });
    const logs = await h.logs(msg.notification_id);
    expect(logs).toHaveLength(1);
    expect(logs[0].provider_response).toMatchObject({ status_code: 400, body_excerpt: '{"error":"unknown hook"}' });
    await eventually(async () => expect((await h.deadLetters()).some((m) => m.json?.notification_id === msg.notification_id)).toBe(true));
    expect(receiver.requests).toHaveLength(1);
  });

  it('when the receiver answers 429 with Retry-After, then it is retried no sooner than asked (capped by the policy max)', async () => {
    const { receiver, msg } = await setup();
    const arrivals: number[] = [];
    receiver.respondWith((_req, res, nth) => {
      arrivals.push(Date.now());
      if (nth === 1) res.writeHead(429, { 'Retry-After': '1' }).end();
      else res.writeHead(200).end();
    });
    await h.publish(msg);

    await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('delivered'));
    expect(receiver.requests).toHaveLength(2);
    // Retry-After 1 s is capped at RETRY_MAX_DELAY_MS (200 ms); plain jitter would be at most 50 ms.
    expect(arrivals[1] - arrivals[0]).toBeGreaterThanOrEqual(150);
    expect((await h.logs(msg.notification_id)).map((l) => l.error)).toEqual(['HTTP 429', null]);
  });

  it('when the receiver does not answer in time, then the attempt times out and is retried', async () => {
    const { receiver, msg } = await setup();
    receiver.respondWith((_req, res, nth) => {
      if (nth > 1) res.writeHead(200).end();
      // the first request is left hanging until the worker gives up on it
    });
    await h.publish(msg);

    await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('delivered'), 30_000);
    expect((await h.logs(msg.notification_id)).map((l) => [l.status, l.error])).toEqual([
      ['retrying', 'request timed out'],
      ['delivered', null],
    ]);
  });

  it('when a message for an already delivered notification is redelivered, then nothing is sent again', async () => {
    const { receiver, eventId, msg } = await setup();
    await h.publish(msg);
    await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('delivered'));

    await h.publish(msg);
    // A sentinel published after the duplicate: once it is delivered, the duplicate (ahead of it) has been handled.
    const sentinel = (await anEvent(msg.project_id).withWebhooks(receiver.url).insert(h.db)).messages[0];
    await h.publish(sentinel);
    await eventually(async () => expect((await h.notification(sentinel.notification_id)).status).toBe('delivered'));
    await eventually(async () => expect(await h.queueDepth(h.names.deliveryQueue('webhook'))).toBe(0));

    expect(receiver.for(msg.notification_id)).toHaveLength(1);
    expect(await h.logs(msg.notification_id)).toHaveLength(1);
    expect(await h.event(eventId)).toMatchObject({ status: 'completed', delivered_count: 1 });
  });

  it('when an attempt already recorded as retrying is redelivered, then it is not sent again but its retry is', async () => {
    const { receiver, msg } = await setup();
    // As if attempt 1 had failed and been recorded, and the worker died before publishing its retry.
    await h.db.query(`UPDATE notifications SET status = 'retrying', retry_count = 1 WHERE id = $1`, [msg.notification_id]);
    await h.publish(msg);

    await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('delivered'));
    expect(receiver.requests.map((r) => r.headers['x-herald-attempt'])).toEqual(['2']);
    expect((await h.logs(msg.notification_id)).map((l) => [l.attempt, l.status])).toEqual([[2, 'delivered']]);
    expect((await h.notification(msg.notification_id)).retry_count).toBe(1);
  });

  it('when the receiver redirects, then the redirect is not followed and the delivery fails permanently', async () => {
    const { receiver, msg } = await setup();
    receiver.respondWith((_req, res, nth) => {
      if (nth === 1) res.writeHead(302, { Location: `${receiver.url}/elsewhere` }).end();
      else res.writeHead(200).end();
    });
    await h.publish(msg);

    await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('failed'));
    expect(receiver.requests).toHaveLength(1);
    expect((await h.deadLetterRows(msg.notification_id))[0]).toMatchObject({ error_type: 'permanent_failure', error_message: 'HTTP 302' });
  });

  it('when the receiver streams an endless body, then the worker stops reading and keeps a 1 KiB excerpt', async () => {
    const { receiver, msg } = await setup();
    receiver.respondWith((_req, res) => {
      const chunk = Buffer.alloc(64 * 1024, 'x');
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
      };
      res.on('drain', pump);
      pump();
    });
    await h.publish(msg);

    await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('delivered'));
    const [log] = await h.logs(msg.notification_id);
    expect(log.provider_response.body_excerpt).toBe('x'.repeat(1024));
  });

  it('when the receiver answers 200 and then drips its body, then the attempt ends at the deadline and counts as delivered', async () => {
    const { receiver, msg } = await setup();
    const drips: NodeJS.Timeout[] = [];
    receiver.respondWith((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      // A byte every 200 ms never trips the idle-body timeout; only the whole attempt's deadline (2 s) ends it.
      const drip = setInterval(() => (res.destroyed ? clearInterval(drip) : res.write('.')), 200);
      drips.push(drip);
    });
    const started = Date.now();
    await h.publish(msg);

    try {
      await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('delivered'), 15_000);
    } finally {
      drips.forEach(clearInterval);
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    const [log] = await h.logs(msg.notification_id);
    expect(log.provider_response.body_excerpt).toMatch(/^\.+$/);
  });

  it('when one of two notifications fails, then the event is partially_failed', async () => {
    const project = await h.project();
    const ok = await WebhookReceiver.start(project.webhook_signing_secret);
    const gone = await WebhookReceiver.start(project.webhook_signing_secret);
    receivers.push(ok, gone);
    gone.respondWith((_req, res) => res.writeHead(410).end());
    const { eventId, messages } = await anEvent(project.project_id).withWebhooks(ok.url, gone.url).insert(h.db);
    await Promise.all(messages.map((m) => h.publish(m)));

    await eventually(async () => expect((await h.event(eventId)).status).toBe('partially_failed'));
    expect(await h.event(eventId)).toMatchObject({ delivered_count: 1, failed_count: 1, has_failures: true });
  });

  it('when many notifications of one event finish together, and all are redelivered, then the counters move once each', async () => {
    const project = await h.project();
    const receiver = await WebhookReceiver.start(project.webhook_signing_secret);
    receivers.push(receiver);
    const urls = Array.from({ length: 12 }, (_, i) => `${receiver.url}/r${i}`);
    const { eventId, messages } = await anEvent(project.project_id)
      .withWebhooks(...urls)
      .insert(h.db);
    await Promise.all(messages.map((m) => h.publish(m)));
    await eventually(async () => expect((await h.event(eventId)).status).toBe('completed'));

    await Promise.all(messages.map((m) => h.publish(m)));
    const sentinel = (await anEvent(project.project_id).withWebhooks(receiver.url).insert(h.db)).messages[0];
    await h.publish(sentinel);
    await eventually(async () => expect((await h.notification(sentinel.notification_id)).status).toBe('delivered'));
    await eventually(async () => expect(await h.queueDepth(h.names.deliveryQueue('webhook'))).toBe(0));

    expect(await h.event(eventId)).toMatchObject({ status: 'completed', delivered_count: 12, failed_count: 0 });
    expect(receiver.requests).toHaveLength(13);
  });

  it('when a message names a notification that does not exist, then it is dead-lettered by the broker', async () => {
    const { msg } = await setup();
    const ghost = { ...msg, notification_id: randomUUID() };
    await h.publish(ghost);
    await eventually(async () => expect((await h.deadLetters()).some((m) => m.json?.notification_id === ghost.notification_id)).toBe(true));
  });

  it('when a message is not valid JSON, then the broker dead-letters it and the worker carries on', async () => {
    const marker = `not json ${Date.now()}`;
    await h.publish(Buffer.from(marker));
    await eventually(async () => expect((await h.deadLetters()).some((m) => m.content.toString() === marker)).toBe(true));

    const { msg } = await setup();
    await h.publish(msg);
    await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('delivered'));
  });
});
