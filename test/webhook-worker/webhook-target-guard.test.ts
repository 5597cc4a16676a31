import { eventually } from '../support/eventually';
import { WebhookReceiver } from '../support/webhook-receiver';
import { anEvent } from './event.builder';
import { WorkerHarness } from './worker.harness';

/** Without the test exemption for 127.0.0.0/8, loopback is as forbidden as any internal address. */
describe('webhook worker: target guard', () => {
  let h: WorkerHarness;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    h = await WorkerHarness.start({ SSRF_ALLOW_CIDRS: '' });
    receiver = await WebhookReceiver.start('unused');
  });

  afterAll(async () => {
    await receiver.stop();
    await h.stop();
  });

  it.each([
    ['an IPv4 loopback literal', () => `http://127.0.0.1:${new URL(receiver.url).port}/hook`],
    ['an IPv4-mapped IPv6 literal', () => `http://[::ffff:127.0.0.1]:${new URL(receiver.url).port}/hook`],
    ['a name resolving to loopback', () => `http://localhost:${new URL(receiver.url).port}/hook`],
  ])('when the target is %s, then it is refused at connect time and dead-lettered as permanent', async (_case, target) => {
    const project = await h.project();
    const { eventId, messages } = await anEvent(project.project_id).withWebhooks(target()).insert(h.db);
    const [msg] = messages;
    await h.publish(msg);

    await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('failed'));
    const [dead] = await h.deadLetterRows(msg.notification_id);
    expect(dead).toMatchObject({ status: 'active', error_type: 'permanent_failure', retry_count: 0 });
    expect(dead.error_message).toMatch(/private or internal address/);
    const logs = await h.logs(msg.notification_id);
    expect(logs).toHaveLength(1);
    expect(logs[0].provider_response).toMatchObject({ status_code: null, message_id: expect.any(String) });
    expect(await h.event(eventId)).toMatchObject({ status: 'failed', failed_count: 1 });
    expect(receiver.requests).toHaveLength(0);
  });

  it('when the target host does not resolve, then it is retried (DNS blips pass) until the attempts run out', async () => {
    const project = await h.project();
    const { messages } = await anEvent(project.project_id).withWebhooks('http://herald-test-target.invalid/hook').insert(h.db);
    const [msg] = messages;
    await h.publish(msg);

    await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('failed'), 45_000);
    expect((await h.logs(msg.notification_id)).map((l) => l.status)).toEqual(['retrying', 'retrying', 'failed']);
    expect((await h.deadLetterRows(msg.notification_id))[0]).toMatchObject({ error_type: 'retries_exhausted' });
  });

  it('when the target is not an http(s) URL, then it fails permanently without an attempt on the wire', async () => {
    const project = await h.project();
    const { messages } = await anEvent(project.project_id).withWebhooks('ftp://files.example.com/hook').insert(h.db);
    const [msg] = messages;
    await h.publish(msg);

    await eventually(async () => expect(await h.deadLetterRows(msg.notification_id)).toHaveLength(1));
    expect((await h.deadLetterRows(msg.notification_id))[0]).toMatchObject({ error_type: 'permanent_failure' });
    expect((await h.deadLetterRows(msg.notification_id))[0].error_message).toMatch(/ftp: is not http or https/);
  });
});
