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
  ])('when the redirect_uri is %s, then it is refused', (uri) => {
    expect(list.allows(uri)).toBe(false);
  });
});
