import { RedirectAllowlist } from './redirect-allowlist';

describe('RedirectAllowlist', () => {
  const list = new RedirectAllowlist(['https://app.example.com', 'https://tools.example.com/oauth/done', 'http://127.0.0.1:3000/']);

  it.each([
    'https://app.example.com',
    'https://app.example.com/',
    'https://app.example.com/sign-in/done?next=%2Fprojects',
    'https://tools.example.com/oauth/done',
    'https://tools.example.com/oauth/done/deeper',
    'http://127.0.0.1:3000/cb',
    'https://tools.example.com/oauth/done/v1.2/x..y?back=..%2F..%5C',
  ])('when the redirect_uri is %s, then it is allowed', (uri) => {
    expect(list.allows(uri)).toBe(true);
  });

  it.each([
    'https://app.example.com.evil.net/',
    'https://evil.net/https://app.example.com',
    'http://app.example.com/',
    'https://app.example.com:8443/',
    'https://user:pw@app.example.com/',
    'https://app.example.com/#frag',
    'https://tools.example.com/oauth/donex',
    'https://tools.example.com/oauth',
    'http://127.0.0.1:3001/cb',
    'javascript:alert(1)',
    'not a url',
    'https://tools.example.com/oauth/done/..%2fevil',
    'https://tools.example.com/oauth/done/..%2Fevil',
    'https://tools.example.com/oauth/done/..%252fevil',
    'https://tools.example.com/oauth/done/..%5cevil',
    'https://tools.example.com/oauth/done/..%5Cevil',
    'https://tools.example.com/oauth/done/..\\evil',
    'https://tools.example.com/oauth/done\\..\\evil',
    'https://tools.example.com/oauth/done/../done',
    'https://tools.example.com/oauth/done/./x',
    'https://tools.example.com/oauth/done/%2e%2e/evil',
    'https://tools.example.com/oauth/done/.%2E/evil',
    'https://tools.example.com/oauth/done/%2e/x',
    'https://tools.example.com/oauth/done/..',
    'https://tools.example.com/oauth/done/.\t./evil',
    'https://tools.example.com/oauth/done/%zz',
    'https:tools.example.com/oauth/done',
  ])('when the redirect_uri is %s, then it is refused', (uri) => {
    expect(list.allows(uri)).toBe(false);
  });
});
