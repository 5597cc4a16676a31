import { redactUrl, redactUrlsIn } from './redact-url';

describe('redactUrl', () => {
  it.each([
    ['postgres://herald:hunter2@db.internal:5432/herald', 'postgres://****:****@db.internal:5432/herald'],
    ['smtp://mailer:s3cret@smtp.example.com:587', 'smtp://****:****@smtp.example.com:587'],
    ['amqp://guest:guest@127.0.0.1:5672', 'amqp://****:****@127.0.0.1:5672'],
    ['http://AC123:tok@127.0.0.1:18400', 'http://****:****@127.0.0.1:18400/'],
    ['https://user@ses.example', 'https://****@ses.example/'],
    [
      'postgres://db.internal/herald?user=herald&password=hunter2&sslmode=require',
      'postgres://db.internal/herald?user=herald&password=****&sslmode=require',
    ],
    [
      'https://bucket.example/f?X-Amz-Signature=abc&X-Amz-Credential=AKID',
      'https://bucket.example/f?X-Amz-Signature=****&X-Amz-Credential=****',
    ],
  ])('when %s holds credentials, then they are masked', (url, masked) => {
    expect(redactUrl(url)).toBe(masked);
  });

  it.each(['smtp://127.0.0.1:1025', 'postgres://127.0.0.1:5432/herald', 'http://127.0.0.1:1'])(
    'when %s holds none, then it comes back exactly as given',
    (url) => {
      expect(redactUrl(url)).toBe(url);
    },
  );

  it.each([
    ['postgres://bob:hunter2@127.0.0.1:99999/x', 'postgres://****@127.0.0.1:99999/x'],
    ['postgres://bob:hun@ter2@[::1/x', 'postgres://****@[::1/x'],
    ['postgres://bob:pa/ss@host:bad/x', 'postgres://****@host:bad/x'],
    ['not a url ?password=hunter2', 'not a url ?password=****'],
    ['postgresql:bob:hunter2@127.0.0.1/herald', '****@127.0.0.1/herald'],
    ['bob:hunter2@db.internal', '****@db.internal'],
  ])('when %s does not parse, then everything that may be a credential is masked', (value, masked) => {
    expect(redactUrl(value)).toBe(masked);
  });
});

describe('redactUrlsIn', () => {
  it('when a message embeds URLs, then each is masked and the rest kept', () => {
    const message = 'connect to "postgres://bob:hunter2@db:5432/x" failed; broker amqp://u:p@mq:5672 down';
    expect(redactUrlsIn(message)).toBe('connect to "postgres://****:****@db:5432/x" failed; broker amqp://****:****@mq:5672 down');
  });

  it('when a message has no URL, then it is returned unchanged', () => {
    expect(redactUrlsIn('connect ECONNREFUSED 127.0.0.1:5432')).toBe('connect ECONNREFUSED 127.0.0.1:5432');
  });

  it('when a long line holds URL-like words (user input in a log line), then the credentials are masked and the scan stays linear', () => {
    const line = `${'a.'.repeat(80_000)} x://bob:hunter2@h ${'?key'.repeat(20_000)} ${'a://'.repeat(20_000)}`;
    expect(redactUrlsIn(line)).not.toContain('hunter2');
  });
});
