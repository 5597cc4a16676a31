import { eventually } from './eventually';
import type { ConsoleFixture, ConsoleUser } from './console';

/** The newest invitation link mailed to `address` (after the first `after` mails), as the invited person reads it. */
export async function invitationLink(c: ConsoleFixture, address: string, after = 0): Promise<string> {
  return eventually(async () => {
    const mails = c.smtp.for(address);
    expect(mails.length).toBeGreaterThan(after);
    const text = mails[mails.length - 1]?.parsed.text ?? '';
    const found = new RegExp(`${c.origin.replace(/\./g, '\\.')}/invitations/accept\\?token=[A-Za-z0-9_%-]+`).exec(text)?.[0];
    expect(found).toBeDefined();
    return found!;
  });
}

/** A person the owner invited through the api as `role`, who accepted in a browser of their own. */
export async function aMemberJoined(
  c: ConsoleFixture,
  owner: Pick<ConsoleUser, 'organizationId' | 'accessToken'>,
  role: 'viewer' | 'developer' | 'admin',
) {
  const sent = await c
    .http()
    .post(`/api/v1/organizations/${owner.organizationId}/invitations`)
    .set('Authorization', `Bearer ${owner.accessToken}`)
    .send({ email: `${role}-${Date.now()}@example.com`, role });
  expect(sent.status).toBe(201);
  const email: string = sent.body.email;
  const page = await c.newPage();
  await page.goto(await invitationLink(c, email));
  await page.waitForURL(`**/organizations/${owner.organizationId}`);
  return { email, page };
}
