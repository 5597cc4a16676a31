import { UnsubscribeTokens } from './unsubscribe-token';

const claims = { projectId: '0b6c1f3e-8a51-4a8e-9d38-0b7f3c2a1d11', recipient: 'ada@example.com', category: 'marketing' };

describe('UnsubscribeTokens', () => {
  const tokens = new UnsubscribeTokens(Buffer.alloc(32, 1));

  it('when a token is signed, then the same key reads back exactly its recipient, project and category', () => {
    expect(tokens.verify(tokens.sign(claims))).toEqual(claims);
  });

  it('when any character of a token is changed, then it is refused', () => {
    const token = tokens.sign(claims);
    // The last character of a base64url segment may carry unused bits (a change there can decode
    // to the same bytes), so every other character is changed.
    const lastOfSegment = (i: number) => i === token.length - 1 || token[i + 1] === '.';
    for (let i = 0; i < token.length; i++) {
      if (lastOfSegment(i)) continue;
      const altered = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
      expect(tokens.verify(altered)).toBeUndefined();
    }
  });

  it('when the payload names another recipient under the original mac, then it is refused', () => {
    const [version, , mac] = tokens.sign(claims).split('.');
    const other = Buffer.from(JSON.stringify([claims.projectId, claims.category, 'eve@example.com'])).toString('base64url');
    expect(tokens.verify(`${version}.${other}.${mac}`)).toBeUndefined();
  });

  it('when the key is rotated, then tokens made with the old one are refused', () => {
    const rotated = new UnsubscribeTokens(Buffer.alloc(32, 2));
    expect(rotated.verify(tokens.sign(claims))).toBeUndefined();
  });

  it.each(['', 'u1', 'u1..', 'u2.a.b', 'u1.a.b.c', 'x'.repeat(2000)])('when the token is %j, then it is refused', (token) => {
    expect(tokens.verify(token)).toBeUndefined();
  });
});
