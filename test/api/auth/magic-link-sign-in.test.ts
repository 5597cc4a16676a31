import { createHash } from 'node:crypto';
import { eventually } from '../../support/eventually';
import { anAddress, APP_URL, aSession, linkTokenIn, useSignInSystem } from './sign-in.support';

const sut = useSignInSystem({ MAGIC_LINK_PER_IP_PER_HOUR: '1000' });

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function mailedToken(address: string, nth = 1): Promise<string> {
  const res = await sut.http().post('/api/v1/auth/magic-link').send({ email: address });
  expect(res.status).toBe(202);
  return eventually(() => {
    const token = linkTokenIn(sut.smtp, address, nth);
    expect(token).toBeDefined();
    return token as string;
  });
}

describe('signing in with a magic link', () => {
  it('when a new address asks for a link and follows it, then it gets a token pair and /auth/me knows the new user', async () => {
    const address = anAddress('new');
    const token = await mailedToken(address);
    const [mail] = sut.smtp.for(address);
    expect(mail.parsed.subject).toBe('Your Herald sign-in link');
    expect(mail.parsed.html).toContain(`href="${APP_URL}/auth/verify?token=${token}"`);

    const verified = await sut.http().post('/api/v1/auth/magic-link/verify').send({ token });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 900,
      refresh_expires_in: 2592000,
      user: { id: expect.any(String), email: address, name: null },
    });

    const me = await sut.http().get('/api/v1/auth/me').set('Authorization', `Bearer ${verified.body.access_token}`);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: verified.body.user.id,
      email: address,
      name: null,
      created_at: expect.any(String),
      organizations: [],
      identities: [],
      admin_permissions: [],
    });
  });

  it('when a link is used a second time, then the second use is a 401', async () => {
    const token = await mailedToken(anAddress('twice'));
    expect((await sut.http().post('/api/v1/auth/magic-link/verify').send({ token })).status).toBe(200);
    const again = await sut.http().post('/api/v1/auth/magic-link/verify').send({ token });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ detail: expect.stringMatching(/unknown, expired or already used/) });
  });

  it('when an unknown address and a known one ask for a link, then both get the same 202 and an email', async () => {
    const known = anAddress('known');
    await aSession(sut.system.api.db, sut.config, known);
    const unknown = anAddress('nobody');
    const a = await sut.http().post('/api/v1/auth/magic-link').send({ email: known });
    const b = await sut.http().post('/api/v1/auth/magic-link').send({ email: unknown });
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.body).toEqual(b.body);
    await eventually(() => expect(linkTokenIn(sut.smtp, unknown)).toBeDefined());
  });

  it('when the address is not an email address, then the answer is a 422 naming the field', async () => {
    const res = await sut.http().post('/api/v1/auth/magic-link').send({ email: 'not-an-address' });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'email']);
  });

  it('when a user signs in, then the database holds only hashes of the tokens and the link is scrubbed once delivered', async () => {
    const address = anAddress('hashes');
    const token = await mailedToken(address);
    const pair = (await sut.http().post('/api/v1/auth/magic-link/verify').send({ token })).body;
    const db = sut.system.api.db;

    const link = await db.query('SELECT * FROM magic_link_tokens WHERE token_hash = $1', [sha256(token)]);
    expect(link.rows).toHaveLength(1);
    expect(link.rows[0].used_at).not.toBeNull();
    expect((await db.query('SELECT 1 FROM access_tokens WHERE token_hash = $1', [sha256(pair.access_token)])).rowCount).toBe(1);
    expect((await db.query('SELECT 1 FROM refresh_tokens WHERE token_hash = $1', [sha256(pair.refresh_token)])).rowCount).toBe(1);
    for (const secret of [token, pair.access_token, pair.refresh_token]) {
      const found = await db.query(
        `SELECT (SELECT count(*) FROM access_tokens a WHERE a::text LIKE '%' || $1 || '%')
              + (SELECT count(*) FROM refresh_tokens r WHERE r::text LIKE '%' || $1 || '%')
              + (SELECT count(*) FROM magic_link_tokens m WHERE m::text LIKE '%' || $1 || '%')
              + (SELECT count(*) FROM audit_log l WHERE l::text LIKE '%' || $1 || '%') AS n`,
        [secret],
      );
      expect(Number(found.rows[0].n)).toBe(0);
    }

    // The email was delivered: the scrub job overwrites the link wherever the pipeline kept it.
    const eventId = link.rows[0].event_id as string;
    await eventually(async () => {
      await sut.system.api.scrubMagicLinks();
      const held = await db.query(
        `SELECT (SELECT count(*) FROM events e WHERE e.id = $1 AND e::text LIKE '%' || $2 || '%')
              + (SELECT count(*) FROM event_contents c WHERE c.event_id = $1 AND c::text LIKE '%' || $2 || '%') AS n`,
        [eventId, token],
      );
      expect(Number(held.rows[0].n)).toBe(0);
    });
    const content = await db.query(`SELECT content->>'text' AS text FROM event_contents WHERE event_id = $1`, [eventId]);
    expect(content.rows[0].text).toMatch(/removed after use or expiry/);
  });
});
