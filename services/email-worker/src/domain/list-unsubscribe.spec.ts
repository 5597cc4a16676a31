import { UnsubscribeTokens } from '@herald/secrets';
import { listUnsubscribeHeaders } from './list-unsubscribe';

const tokens = new UnsubscribeTokens(Buffer.alloc(32, 5));
const settings = { tokens, publicUrl: 'https://herald.example.com' };
const email = { projectId: '4f9b0c59-5d0e-4b8e-a3b0-3f0d1c7e2a10', recipient: 'ada@example.com' };

describe('listUnsubscribeHeaders', () => {
  it.each([undefined, null, 'transactional'])('when the category is %j, then no unsubscribe header is added', (category) => {
    expect(listUnsubscribeHeaders(settings, { ...email, category })).toEqual({});
  });

  it('when the email has a category, then the https link names that recipient, project and category, with one-click', () => {
    const headers = listUnsubscribeHeaders(settings, { ...email, category: 'marketing' });
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const [, token] = /^<https:\/\/herald\.example\.com\/api\/v1\/unsubscribe\?token=([A-Za-z0-9_.-]+)>$/.exec(
      headers['List-Unsubscribe'],
    )!;
    expect(tokens.verify(token)).toEqual({ ...email, category: 'marketing' });
  });

  it('when an unsubscribe mailbox is configured, then a mailto follows the https link', () => {
    const headers = listUnsubscribeHeaders({ ...settings, mailto: 'unsubscribe@example.com' }, { ...email, category: 'digest' });
    expect(headers['List-Unsubscribe']).toMatch(/^<https:\/\/[^>]+>, <mailto:unsubscribe@example\.com\?subject=unsubscribe%20u1\.[^>]+>$/);
  });
});
