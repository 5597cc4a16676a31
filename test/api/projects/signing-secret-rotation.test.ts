import { createLogger } from '@herald/logger';
import { startWebhookWorker } from '../../../services/webhook-worker/src/app';
import { eventually } from '../../support/eventually';
import { useSystem } from '../../support/system-fixture';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { anOrganization, bearer } from './members.support';

const f = useSystem({ extra: [(c) => startWebhookWorker(c, createLogger('webhook-worker', c.LOG_LEVEL))] });
const http = () => f.http();
const receivers: WebhookReceiver[] = [];
afterAll(() => Promise.all(receivers.map((r) => r.stop())));

async function aReceiver(secret: string) {
  const receiver = await WebhookReceiver.start(secret);
  receivers.push(receiver);
  return receiver;
}

/** Publishes one webhook event to each receiver and waits until each got it. */
async function deliverTo(key: string, targets: WebhookReceiver[]) {
  const res = await http()
    .post('/api/v1/events')
    .set('X-API-Key', key)
    .send({
      event_type: 'order.paid',
      recipients: targets.map((r) => ({ channels: ['webhook'], webhook_url: `${r.url}/hook` })),
      payload: { n: 1 },
      inline: { html: '<p>x</p>' },
    });
  expect(res.status).toBe(202);
  return eventually(async () => {
    // Each test starts fresh receivers: the first request each gets is this event's.
    for (const r of targets) expect(r.requests).toHaveLength(1);
    return targets.map((r) => r.requests[0]);
  });
}

describe('webhook signing-secret rotation', () => {
  it('when an admin rotates with a grace period, then receivers holding the old and the new secret both verify', async () => {
    const org = await anOrganization(f.system.api.db, f.config);
    const admin = await org.member('admin');
    const rotated = await http().post(`/api/v1/projects/${org.project_id}/signing-secret/rotate`).set(bearer(admin.token)).send({});
    expect(rotated.status).toBe(200);
    expect(rotated.body.webhook_signing_secret).not.toBe(org.webhook_signing_secret);
    expect(Date.parse(rotated.body.previous_expires_at) - Date.now()).toBeGreaterThan(86_000_000);

    const oldHolder = await aReceiver(org.webhook_signing_secret);
    const newHolder = await aReceiver(rotated.body.webhook_signing_secret);
    const [toOld, toNew] = await deliverTo(org.api_key, [oldHolder, newHolder]);
    for (const received of [toOld, toNew]) {
      expect(received.signatureValid).toBe(true);
      expect(received.standardSignatureValid).toBe(true);
    }
    // The header receivers verified before the rotation still carries the old secret's signature alone.
    expect(toOld.headers['x-herald-signature-256']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(toNew.headers['x-herald-signature-256-next']).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('when deliveries already cached the project secret and an admin rotates, then the very next delivery signs with both', async () => {
    const org = await anOrganization(f.system.api.db, f.config);
    // Small payloads: these first attempts are sent from their messages, with the worker's cached secrets.
    const [before] = await deliverTo(org.api_key, [await aReceiver(org.webhook_signing_secret)]);
    expect(before.headers).not.toHaveProperty('x-herald-signature-256-next');

    const rotated = await http().post(`/api/v1/projects/${org.project_id}/signing-secret/rotate`).set(bearer(org.access_token)).send({});
    expect(rotated.status).toBe(200);
    const [toOld, toNew] = await deliverTo(org.api_key, [
      await aReceiver(org.webhook_signing_secret),
      await aReceiver(rotated.body.webhook_signing_secret),
    ]);
    expect(toOld.signatureValid).toBe(true);
    expect(toNew.signatureValid).toBe(true);
    expect(toNew.headers['x-herald-signature-256-next']).toMatch(/^sha256=[0-9a-f]{64}$/);

    const again = await http()
      .post(`/api/v1/projects/${org.project_id}/signing-secret/rotate`)
      .set(bearer(org.access_token))
      .send({ grace_period_seconds: 0 });
    const [toFirst, toLatest] = await deliverTo(org.api_key, [
      await aReceiver(rotated.body.webhook_signing_secret),
      await aReceiver(again.body.webhook_signing_secret),
    ]);
    expect(toFirst.signatureValid).toBe(false);
    expect(toLatest.signatureValid).toBe(true);
    expect(toLatest.headers).not.toHaveProperty('x-herald-signature-256-next');
  });

  it('when an admin rotates with no grace period, then only the new secret verifies', async () => {
    const org = await anOrganization(f.system.api.db, f.config);
    const rotated = await http()
      .post(`/api/v1/projects/${org.project_id}/signing-secret/rotate`)
      .set(bearer(org.access_token))
      .send({ grace_period_seconds: 0 });
    const oldHolder = await aReceiver(org.webhook_signing_secret);
    const newHolder = await aReceiver(rotated.body.webhook_signing_secret);
    const [toOld, toNew] = await deliverTo(org.api_key, [oldHolder, newHolder]);
    expect(toOld.signatureValid).toBe(false);
    expect(toOld.standardSignatureValid).toBe(false);
    expect(toNew.signatureValid).toBe(true);
    expect(toNew.standardSignatureValid).toBe(true);
    expect(toNew.headers).not.toHaveProperty('x-herald-signature-256-next');
  });

  it('when a developer tries to rotate the signing secret, then it is a 403 and the secret is unchanged', async () => {
    const org = await anOrganization(f.system.api.db, f.config);
    const developer = await org.member('developer');
    const res = await http().post(`/api/v1/projects/${org.project_id}/signing-secret/rotate`).set(bearer(developer.token)).send({});
    expect(res.status).toBe(403);
    const receiver = await aReceiver(org.webhook_signing_secret);
    const [received] = await deliverTo(org.api_key, [receiver]);
    expect(received.signatureValid).toBe(true);
    expect(received.headers).not.toHaveProperty('x-herald-signature-256-next');
  });

  it('when a rotation is audited, then the entry names the grace period and holds no secret', async () => {
    const org = await anOrganization(f.system.api.db, f.config);
    const rotated = await http()
      .post(`/api/v1/projects/${org.project_id}/signing-secret/rotate`)
      .set(bearer(org.access_token))
      .send({ grace_period_seconds: 60 });
    const { rows } = await f.system.api.db.query(
      "SELECT metadata FROM audit_log WHERE project_id = $1 AND action = 'project.signing_secret_rotated'",
      [org.project_id],
    );
    expect(rows).toEqual([{ metadata: expect.objectContaining({ grace_period_seconds: 60 }) }]);
    expect(JSON.stringify(rows)).not.toContain(rotated.body.webhook_signing_secret.slice(6));
  });
});
