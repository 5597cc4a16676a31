import { ConfigError } from './config-error';
import { loadConfig } from './config';

const key = Buffer.alloc(32, 1).toString('base64');

describe('loadConfig', () => {
  it('when nothing is set but the key, then the contract defaults apply', () => {
    const config = loadConfig({ HERALD_SECRETS_KEY: key });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/herald');
    expect(config.retryPolicies.webhook).toEqual({ maxAttempts: 8, baseDelayMs: 5000, maxDelayMs: 3_600_000 });
    expect(config.SSRF_ALLOW_CIDRS).toEqual([]);
  });

  it('when UNSUBSCRIBE_KEY is unset, then the links key is derived from the secrets key, and setting it replaces that key', () => {
    const derived = loadConfig({ HERALD_SECRETS_KEY: key }).unsubscribeKey;
    expect(derived).toHaveLength(32);
    expect(derived.equals(Buffer.from(key, 'base64'))).toBe(false);
    expect(loadConfig({ HERALD_SECRETS_KEY: key }).unsubscribeKey.equals(derived)).toBe(true);
    const own = Buffer.alloc(32, 9);
    expect(loadConfig({ HERALD_SECRETS_KEY: key, UNSUBSCRIBE_KEY: own.toString('base64') }).unsubscribeKey.equals(own)).toBe(true);
  });

  it('when a channel override is set, then only that channel changes', () => {
    const config = loadConfig({ HERALD_SECRETS_KEY: key, RETRY_MAX_ATTEMPTS: '5', WEBHOOK_RETRY_MAX_ATTEMPTS: '3' });
    expect(config.retryPolicies.webhook.maxAttempts).toBe(3);
    expect(config.retryPolicies.email.maxAttempts).toBe(5);
  });

  it.each([
    [{ PORT: 'eighty' }, /^PORT="eighty" is invalid/],
    [{ EMAIL_PROVIDER: 'pigeon' }, /^EMAIL_PROVIDER="pigeon" is invalid/],
    [{ QUEUE_DRIVER: 'kafka' }, /^QUEUE_DRIVER="kafka" is invalid/],
    [{ RETRY_MAX_ATTEMPTS: '0' }, /^RETRY_MAX_ATTEMPTS="0" is invalid/],
    [{ HERALD_SECRETS_KEY: 'short' }, /^HERALD_SECRETS_KEY must hold 32 random bytes/],
    [{ UNSUBSCRIBE_KEY: 'short' }, /^UNSUBSCRIBE_KEY must hold 32 random bytes/],
    [{ UNSUBSCRIBE_MAILTO: 'not an address' }, /^UNSUBSCRIBE_MAILTO="not an address" is invalid/],
    [{ RETRY_BASE_DELAY_MS: '10', RETRY_MAX_DELAY_MS: '5' }, /RETRY_BASE_DELAY_MS must not exceed/],
    [
      { HTTP_HEADERS_TIMEOUT_MS: '30000', HTTP_REQUEST_TIMEOUT_MS: '10000' },
      /^HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS/,
    ],
    [{ HTTP_REQUEST_TIMEOUT_MS: '0' }, /^HTTP_REQUEST_TIMEOUT_MS="0" is invalid/],
    [{ HEAP_GROWTH_PERCENT: '1000' }, /^HEAP_GROWTH_PERCENT="1000" is invalid: expected 0 \(V8 decides\) or 1-300/],
    [{ WEBHOOK_DNS_SERVERS: '127.0.0.1:53,dns.example' }, /^WEBHOOK_DNS_SERVERS="127.0.0.1:53,dns.example" is invalid/],
    [{ TRUST_PROXY_CIDRS: '10.0.0.0/8,10.1.0.0/33' }, /^TRUST_PROXY_CIDRS="10.0.0.0\/8,10.1.0.0\/33" is invalid: expected CIDRs/],
    [{ TRUST_PROXY_CIDRS: 'ingress.internal' }, /^TRUST_PROXY_CIDRS="ingress.internal" is invalid: expected CIDRs/],
    [{ USER_RATE_LIMIT_PER_MINUTE: 'many' }, /^USER_RATE_LIMIT_PER_MINUTE="many" is invalid/],
    [{ MAX_PROJECTS_PER_ORGANIZATION: '0' }, /^MAX_PROJECTS_PER_ORGANIZATION="0" is invalid/],
    [
      { MAGIC_LINK_PER_ADDRESS_PER_HOUR: '5' },
      /^MAGIC_LINK_PER_ADDRESS_PER_HOUR must be greater than MAGIC_LINK_PER_ADDRESS_AND_IP_PER_HOUR/,
    ],
  ])('when %j, then one line names the variable', (env, message) => {
    expect(() => loadConfig({ HERALD_SECRETS_KEY: key, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ HERALD_SECRETS_KEY: key, ...env })).toThrow(message);
  });

  it('when trusted proxies are given as IPv4 and IPv6 CIDRs or single addresses, then each is kept', () => {
    const config = loadConfig({ HERALD_SECRETS_KEY: key, TRUST_PROXY_CIDRS: '10.0.0.0/8, 2001:db8::/32,192.0.2.7' });
    expect(config.TRUST_PROXY_CIDRS).toEqual(['10.0.0.0/8', '2001:db8::/32', '192.0.2.7']);
    expect(loadConfig({ HERALD_SECRETS_KEY: key }).TRUST_PROXY_CIDRS).toEqual([]);
  });

  it('when DNS servers are given with and without ports, then each is kept as written', () => {
    const config = loadConfig({ HERALD_SECRETS_KEY: key, WEBHOOK_DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,[::1]:53,::1' });
    expect(config.WEBHOOK_DNS_SERVERS).toEqual(['1.1.1.1', '127.0.0.1:5353', '[::1]:53', '::1']);
  });

  it.each([
    ['DATABASE_URL', 'postgres://herald:hunter2@db.internal:99999/herald', 'postgres://****@db.internal:99999/herald'],
    ['AMQP_URL', 'amqp://guest:hunter2@mq internal:5672', 'amqp://****@mq internal:5672'],
  ])('when %s is invalid and holds a password, then the line names it without the credentials', (name, value, shown) => {
    expect(() => loadConfig({ HERALD_SECRETS_KEY: key, [name]: value })).toThrow(
      new ConfigError(`${name}="${shown}" is invalid: Invalid url`),
    );
  });
});
