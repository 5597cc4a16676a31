import { eventually } from '../support/eventually';
import { WebhookReceiver } from '../support/webhook-receiver';
import { anEvent } from './event.builder';
import { WorkerHarness } from './worker.harness';

/**
 * With the test exemption SSRF_ALLOW_CIDRS=127.0.0.0/8, loopback and its exact IPv4-mapped form
 * are reachable; IPv6 forms that only embed a loopback address are not (docs/security.md).
 */
describe('webhook worker: IPv6 forms of an allowed IPv4 range', () => {
  let h: WorkerHarness;
  let receiver: WebhookReceiver;
  const port = () => new URL(receiver.url).port;

  beforeAll(async () => {
    h = await WorkerHarness.start({ SSRF_ALLOW_CIDRS: '127.0.0.0/8' });
    receiver = await WebhookReceiver.start(() => 'unused');
  });

  afterAll(async () => {
    await receiver.stop();
    await h.stop();
  });

  it.each([
    ['IPv4-compatible', () => `http://[::7f00:1]:${port()}/hook`, /IPv4-compatible/],
    ['IPv4-compatible in dotted notation', () => `http://[::127.0.0.1]:${port()}/hook`, /IPv4-compatible/],
    ['NAT64', () => `http://[64:ff9b::7f00:1]:${port()}/hook`, /NAT64 address of a loopback address/],
    ['6to4', () => `http://[2002:7f00:1::1]:${port()}/hook`, /6to4/],
  ])(
    'when the target is the %s IPv6 form of 127.0.0.1, then it is refused as internal and dead-lettered as permanent',
    async (_form, target, why) => {
      const project = await h.project();
      const { messages } = await anEvent(project.project_id).withWebhooks(target()).insert(h.db);
      const [msg] = messages;
      await h.publish(msg);

      await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('failed'));
      const [dead] = await h.deadLetterRows(msg.notification_id);
      expect(dead).toMatchObject({ error_type: 'permanent_failure', retry_count: 0 });
      expect(dead.error_message).toMatch(/private or internal address/);
      expect(dead.error_message).toMatch(why);
      expect(receiver.requests).toHaveLength(0);
    },
  );

  it('when the target is the exact IPv4-mapped form of an allowed address, then it is delivered', async () => {
    const project = await h.project();
    const { messages } = await anEvent(project.project_id).withWebhooks(`http://[::ffff:127.0.0.1]:${port()}/hook`).insert(h.db);
    const [msg] = messages;
    await h.publish(msg);

    await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('delivered'));
    expect(receiver.for(msg.notification_id)).toHaveLength(1);
  });
});
