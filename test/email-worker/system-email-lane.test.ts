import { SecretBox } from '@herald/secrets';
import { TopologyNames } from '@herald/messaging';
import { queueSystemEmail } from '../../services/api/src/system-templates/system-email';
import { SystemProject } from '../../services/api/src/projects/system-project';
import { anAddress, useSignInSystem } from '../api/auth/sign-in.support';
import { eventually } from '../support/eventually';
import { aProject } from '../support/projects';

/**
 * Herald's own emails (sign-in links, invitations) have a lane of their own, from fan-out to the
 * email worker. A worker holding one delivery at a time per lane and an SMTP server taking 25 ms
 * per message let a backlog build up, so its order is observable. Assertions are about order of
 * arrival, never about time. Runs on both queue drivers (jest.config.js MESSAGING_TESTS).
 */
const sut = useSignInSystem({ EMAIL_PREFETCH: '1' });

const FLOOD = 60;

beforeAll(() => sut.smtp.slowDown(25));

/** Positions in the SMTP server's arrival order of the mail sent to addresses starting with `prefix`. */
const arrivals = (prefix: string) =>
  sut.smtp.received
    .map((m, i) => ({ i, to: m.rcptTo[0] ?? '' }))
    .filter((m) => m.to.startsWith(prefix))
    .map((m) => m.i);

/** One customer event of `count` high-priority emails, to `<prefix>-<n>@example.com`. */
async function customerHighEmails(apiKey: string, prefix: string, count: number): Promise<void> {
  const res = await sut
    .http()
    .post('/api/v1/events')
    .set('X-API-Key', apiKey)
    .send({
      event_type: 'lanes.customer',
      priority: 'high',
      recipients: Array.from({ length: count }, (_, n) => ({ channels: ['email'], email: `${prefix}-${n}@example.com` })),
      payload: {},
      inline: { subject: 'Hello', html: '<p>x</p>' },
    });
  expect(res.status).toBe(202);
}

/** A flood of invitation emails, written exactly as the api writes each invitation's (in one transaction). */
async function invitationFlood(prefix: string, count: number): Promise<void> {
  const db = sut.system.api.db;
  const projectId = await new SystemProject(db, new SecretBox(sut.config.secretsKey)).projectId();
  const names = new TopologyNames(sut.config.AMQP_NAMESPACE);
  await db.transaction(async (tx) => {
    for (let n = 0; n < count; n++) {
      await queueSystemEmail(tx, {
        projectId,
        names,
        eventType: 'organization.invitation',
        to: `${prefix}-${n}@example.com`,
        template: 'organization.invitation',
        values: {
          link: 'https://app.herald.test/invitations/accept?token=hin_x',
          organization: 'Flood',
          inviter: 'A member',
          role: 'viewer',
          days: 7,
        },
      });
    }
  });
}

describe('the system lane of Herald’s own emails', () => {
  it("when a customer's flood of high-priority email is queued, then a sign-in link requested after it arrives ahead of most of it", async () => {
    const customer = await aProject(sut.system.api.db, sut.config);
    await customerHighEmails(customer.api_key, 'flood', FLOOD);
    await eventually(() => expect(arrivals('flood-').length).toBeGreaterThan(0), 30_000);

    const address = anAddress('signin');
    expect((await sut.http().post('/api/v1/auth/magic-link').send({ email: address })).status).toBe(202);
    await eventually(() => expect(sut.smtp.for(address)).toHaveLength(1), 60_000);
    await eventually(() => expect(arrivals('flood-')).toHaveLength(FLOOD), 60_000);

    // In one shared high lane the link would have waited for the whole flood queued before it.
    const flood = arrivals('flood-');
    expect(arrivals('signin-')[0]).toBeLessThan(flood[FLOOD - 20]);
  });

  it("when a flood of invitations is queued, then a customer's high-priority email sent after it arrives ahead of most of it", async () => {
    await invitationFlood('invited', FLOOD);
    await eventually(() => expect(arrivals('invited-').length).toBeGreaterThan(0), 30_000);

    const customer = await aProject(sut.system.api.db, sut.config);
    await customerHighEmails(customer.api_key, 'urgent', 1);
    await eventually(() => expect(arrivals('urgent-')).toHaveLength(1), 60_000);
    await eventually(() => expect(arrivals('invited-')).toHaveLength(FLOOD), 60_000);

    const invited = arrivals('invited-');
    expect(arrivals('urgent-')[0]).toBeLessThan(invited[FLOOD - 20]);
  });
});
