import { ConfigError } from './config-error';
import { loadConfig } from './config';
import { GOOGLE_ISSUER, oauthSettings } from './oauth-settings';

const key = Buffer.alloc(32, 1).toString('base64');
const load = (env: Record<string, string>) => loadConfig({ HERALD_SECRETS_KEY: key, ...env });

describe('oauthSettings', () => {
  it('when no provider is configured, then none is enabled and redirects default to APP_URL', () => {
    const config = load({ APP_URL: 'https://app.example.com/' });
    expect(oauthSettings(config)).toEqual([]);
    expect(config.OAUTH_REDIRECT_ALLOWLIST).toEqual(['https://app.example.com']);
  });

  it('when each provider has its credentials, then github, google (fixed issuer) and oidc are enabled', () => {
    const config = load({
      GITHUB_CLIENT_ID: 'gh',
      GITHUB_CLIENT_SECRET: 'ghs',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      OIDC_ISSUER_URL: 'https://id.example.com/realms/a',
      OIDC_CLIENT_ID: 'o',
      OIDC_CLIENT_SECRET: 'os',
    });
    expect(oauthSettings(config)).toEqual([
      {
        kind: 'github',
        name: 'github',
        clientId: 'gh',
        clientSecret: 'ghs',
        webUrl: 'https://github.com',
        apiUrl: 'https://api.github.com',
      },
      { kind: 'oidc', name: 'google', issuer: GOOGLE_ISSUER, clientId: 'g', clientSecret: 'gs' },
      { kind: 'oidc', name: 'oidc', issuer: 'https://id.example.com/realms/a', clientId: 'o', clientSecret: 'os' },
    ]);
  });

  it.each([
    [{ GITHUB_CLIENT_ID: 'gh' }, /GITHUB_CLIENT_SECRET must be set together with GITHUB_CLIENT_ID/],
    [{ GOOGLE_CLIENT_SECRET: 'g' }, /GOOGLE_CLIENT_ID must be set together/],
    [{ OIDC_ISSUER_URL: 'https://id.example.com' }, /OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together with OIDC_ISSUER_URL/],
    [{ OIDC_CLIENT_ID: 'o', OIDC_CLIENT_SECRET: 'os' }, /OIDC_ISSUER_URL must be set together/],
  ])('when only part of a provider is configured (%j), then the api refuses to start', (env, message) => {
    expect(() => oauthSettings(load(env))).toThrow(ConfigError);
    expect(() => oauthSettings(load(env))).toThrow(message);
  });

  it.each([
    ['OIDC_ISSUER_URL', 'http://id.example.com'],
    ['GITHUB_URL', 'http://10.0.0.5:8080'],
    ['GITHUB_API_URL', 'https://user:pw@api.github.com'],
  ])('when %s is plain http off loopback or holds credentials, then the variable is refused', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(new RegExp(`^${name}=.* is invalid: expected an https URL`));
  });

  it.each(['http://127.0.0.1:9000', 'http://localhost:9000', 'http://[::1]:9000'])(
    'when a provider URL is plain http on loopback (%s), then it is accepted',
    (url) => {
      expect(load({ GITHUB_URL: url }).GITHUB_URL).toBe(url);
    },
  );
});
