import { request as httpRequest } from 'node:http';
import { eventually } from '../../support/eventually';
import { useSystem } from '../../support/system-fixture';
import { anAddress } from './sign-in.support';

/** No email-worker here: magic-link emails stay undelivered, so only expiry can scrub them. */
const sut = useSystem({
  env: {
    MAGIC_LINK_PER_ADDRESS_AND_IP_PER_HOUR: '2',
    MAGIC_LINK_PER_ADDRESS_PER_HOUR: '3',
    MAGIC_LINK_PER_IP_PER_HOUR: '4',
    MAGIC_LINK_TTL_S: '1',
  },
});

interface Answer {
  status: number;
  retryAfter?: string;
  body: unknown;
}

/** POST /auth/magic-link from a given loopback address, so each test is its own client IP. */
function askFrom(clientIp: string, email: string): Promise<Answer> {
  const url = new URL(`${sut.system.api.baseUrl}/auth/magic-link`);
  const body = JSON.stringify({ email });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        localAddress: clientIp,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'] as string | undefined,
            body: JSON.parse(Buffer.concat(chunks).toString() || '{}'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('sign-in throttling', () => {
  it('when one client asks for more links for one address than its budget, then it gets a 429 with Retry-After', async () => {
    const address = anAddress('flood');
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await askFrom('127.0.0.11', address));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 429]);
    expect(Number(answers[2].retryAfter)).toBeGreaterThan(0);
    expect(answers[2].body).toEqual({ detail: expect.stringMatching(/too many sign-in requests/) });
    // Another address from another client is not held back by it.
    expect((await askFrom('127.0.0.12', anAddress('other'))).status).toBe(202);
  });

  it('when one client IP asks for links for many addresses, then it gets a 429 with Retry-After', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await askFrom('127.0.0.13', anAddress(`spray${i}`))).status);
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
    const next = await askFrom('127.0.0.13', anAddress('spray-more'));
    expect(next.status).toBe(429);
    expect(Number(next.retryAfter)).toBeGreaterThan(0);
  });
});

describe('an expired magic link', () => {
  it('when a link expires before its email is sent, then it no longer signs in and its content is scrubbed', async () => {
    const address = anAddress('expires');
    expect((await askFrom('127.0.0.14', address)).status).toBe(202);
    const db = sut.system.api.db;
    // Before expiry the link is in the stored content (the email-worker still needs it).
    const { rows } = await db.query(
      `SELECT e.id, e.content->'inline'->>'text' AS text FROM magic_link_tokens t JOIN events e ON e.id = t.event_id WHERE t.email = $1`,
      [address],
    );
    const token = /token=([A-Za-z0-9_-]+)/.exec(rows[0].text)?.[1] as string;
    expect(token).toMatch(/^hml_/);

    await eventually(async () => {
      const expired = await db.query('SELECT expires_at <= now() AS expired FROM magic_link_tokens WHERE email = $1', [address]);
      expect(expired.rows[0].expired).toBe(true);
    });
    const res = await sut.http().post('/api/v1/auth/magic-link/verify').send({ token });
    expect(res.status).toBe(401);
    await eventually(async () => {
      await sut.system.api.scrubMagicLinks();
      const held = await db.query(
        `SELECT (SELECT count(*) FROM events e WHERE e.id = $1 AND e::text LIKE '%' || $2 || '%')
              + (SELECT count(*) FROM event_contents c WHERE c.event_id = $1 AND c::text LIKE '%' || $2 || '%') AS n`,
        [rows[0].id, token],
      );
      expect(Number(held.rows[0].n)).toBe(0);
    });
  });
});
