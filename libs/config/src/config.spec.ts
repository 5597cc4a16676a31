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
    [{ RETRY_BASE_DELAY_MS: '10', RETRY_MAX_DELAY_MS: '5' }, /RETRY_BASE_DELAY_MS must not exceed/],
    [{ HEAP_GROWTH_PERCENT: '1000' }, /^HEAP_GROWTH_PERCENT="1000" is invalid: expected 0 \(V8 decides\) or 1-300/],
    [{ WEBHOOK_DNS_SERVERS: '127.0.0.1:53,dns.example' }, /^WEBHOOK_DNS_SERVERS="127.0.0.1:53,dns.example" is invalid/],
  ])('when %j, then one line names the variable', (env, message) => {
    expect(() => loadConfig({ HERALD_SECRETS_KEY: key, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ HERALD_SECRETS_KEY: key, ...env })).toThrow(message);
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
