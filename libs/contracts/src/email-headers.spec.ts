import { allowedEmailHeaders, emailHeaderProblems } from './email-headers';

describe('extra email headers', () => {
  it('when the headers are X-* names and List-Id with plain values, then there is no problem', () => {
    expect(emailHeaderProblems({ 'X-Campaign': 'spring-2026', 'List-Id': 'Acme news <news.acme.example>', 'x-tag': 'a\tb é' })).toEqual([]);
  });

  it.each([
    ['Subject', 'Subject is not allowed: only X-* headers and List-Id can be set'],
    ['List-Unsubscribe', 'List-Unsubscribe is not allowed: only X-* headers and List-Id can be set'],
    ['X-Herald-Notification-Id', 'X-Herald-Notification-Id is reserved: Herald (X-Herald-*) or the provider (X-SES-*) sets it'],
    ['x-ses-configuration-set', 'x-ses-configuration-set is reserved: Herald (X-Herald-*) or the provider (X-SES-*) sets it'],
    ['X-Bad Name', expect.stringMatching(/^header names are letters, digits/)],
    ['X-Inject:', expect.stringMatching(/^header names are letters, digits/)],
    ['X-' + 'a'.repeat(63), 'header names are 1 to 64 characters'],
  ])('when the name is %j, then it is refused naming why', (name, msg) => {
    expect(emailHeaderProblems({ [name]: 'v' })).toEqual([{ name, msg }]);
  });

  it.each(['a\r\nBcc: victim@example.com', 'a\nb', 'a\rb', 'nul\u0000'])(
    'when a value holds %j, then it is refused (no header injection)',
    (value) => {
      expect(emailHeaderProblems({ 'X-Ok': value })).toEqual([
        { name: 'X-Ok', msg: 'header values must not contain line breaks or other control characters' },
      ]);
    },
  );

  it('when a value passes 998 characters, or there are more than 20 headers, or a name repeats in another case, then each is refused', () => {
    expect(emailHeaderProblems({ 'X-Long': 'v'.repeat(999) })).toEqual([
      { name: 'X-Long', msg: 'header values are at most 998 characters' },
    ]);
    expect(emailHeaderProblems({ 'X-Long': 'v'.repeat(998) })).toEqual([]);
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`X-H${i}`, 'v']));
    expect(emailHeaderProblems(many)).toEqual([{ msg: 'at most 20 headers are allowed' }]);
    expect(emailHeaderProblems({ 'X-Tag': 'a', 'x-tag': 'b' })).toEqual([
      { name: 'x-tag', msg: 'x-tag is given twice (header names ignore case)' },
    ]);
  });

  it('when stored headers hold refused ones, then the sender keeps only the allowed ones', () => {
    expect(allowedEmailHeaders({ 'X-Ok': 'yes', Bcc: 'victim@example.com', 'X-Bad': 'a\r\nb' })).toEqual({ 'X-Ok': 'yes' });
    expect(allowedEmailHeaders(null)).toEqual({});
  });
});
