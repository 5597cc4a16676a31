import { eventually } from '../../support/eventually';
import { requestFrom } from '../../support/from-address';
import { anAddress, useSignInSystem } from './sign-in.support';

/** Tight per (address, client), looser per address, per client IP well out of the way. */
const sut = useSignInSystem({
  MAGIC_LINK_PER_ADDRESS_AND_IP_PER_HOUR: '2',
  MAGIC_LINK_PER_ADDRESS_PER_HOUR: '4',
  MAGIC_LINK_PER_IP_PER_HOUR: '100',
});

const askFrom = (from: string, email: string) =>
  requestFrom(`${sut.system.api.baseUrl}/auth/magic-link`, { from, method: 'POST', body: { email } });

describe('one client cannot lock an address out of sign-in', () => {
  it('when one client has spent its budget for an address and keeps asking, then another client still gets a link sent', async () => {
    const victim = anAddress('victim');
    const attacker = [];
    for (let i = 0; i < 8; i++) attacker.push(await askFrom('127.0.0.41', victim));
    expect(attacker.map((a) => a.status)).toEqual([202, 202, 429, 429, 429, 429, 429, 429]);
    expect(Number(attacker[2].headers['retry-after'])).toBeGreaterThan(0);
    expect(attacker[2].body).toEqual({ detail: expect.stringMatching(/too many sign-in requests/) });

    // The six refused requests took nothing from the address's budget: the owner's client still gets a link.
    const owner = await askFrom('127.0.0.42', victim);
    expect(owner.status).toBe(202);
    await eventually(() => expect(sut.smtp.for(victim)).toHaveLength(3));
  });

  it('when many clients ask for one address, then the address budget stops them all', async () => {
    const address = anAddress('popular');
    const statuses = [];
    for (const from of ['127.0.0.43', '127.0.0.43', '127.0.0.44', '127.0.0.44', '127.0.0.45']) {
      statuses.push((await askFrom(from, address)).status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
  });
});
