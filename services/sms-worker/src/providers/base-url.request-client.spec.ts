import { rebase } from './base-url.request-client';

describe('rebase', () => {
  const uri = 'https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json?PageSize=1';

  it('when the base URL is an origin, then only the origin changes', () => {
    expect(rebase(uri, new URL('http://127.0.0.1:4010'))).toBe('http://127.0.0.1:4010/2010-04-01/Accounts/AC123/Messages.json?PageSize=1');
  });

  it('when the base URL has a path, then it prefixes the API path', () => {
    expect(rebase(uri, new URL('https://proxy.example/twilio/'))).toBe(
      'https://proxy.example/twilio/2010-04-01/Accounts/AC123/Messages.json?PageSize=1',
    );
  });
});
