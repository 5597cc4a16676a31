import { eventually } from '../support/eventually';
import { WebhookReceiver } from '../support/webhook-receiver';
import { anEvent } from './event.builder';
import { WorkerHarness } from './worker.harness';

describe('webhook worker: shutdown', () => {
  let h: WorkerHarness;
  let receiver: WebhookReceiver | undefined;

  beforeAll(async () => {
    h = await WorkerHarness.start();
  });

  afterAll(async () => {
    await receiver?.stop();
    await h.stop();
  });

  it('when stopped while a slow receiver holds a request, then that delivery finishes and is recorded before stop resolves', async () => {
    const project = await h.project();
    receiver = await WebhookReceiver.start(project.webhook_signing_secret);
    receiver.respondWith((_req, res) => setTimeout(() => res.writeHead(200).end('late but fine'), 700));
    const { eventId, messages } = await anEvent(project.project_id).withWebhooks(receiver.url).insert(h.db);
    const [msg] = messages;
    await h.publish(msg);
    await eventually(() => expect(receiver?.requests).toHaveLength(1));

    await h.worker.stop();

    expect(await h.notification(msg.notification_id)).toMatchObject({ status: 'delivered' });
    expect(await h.event(eventId)).toMatchObject({ status: 'completed' });
    // Acked before the channel closed: nothing waits to be sent twice.
    expect(await h.queueDepth(h.names.deliveryQueue('webhook'))).toBe(0);
  });
});
