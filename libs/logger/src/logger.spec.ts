import { Writable } from 'node:stream';
import winston from 'winston';
import { createLogger } from './logger';

function capturingLogger(level = 'info') {
  const lines: string[] = [];
  const logger = createLogger('spec', level);
  logger.transports.forEach((t) => (t.silent = true));
  logger.add(
    new winston.transports.Stream({
      stream: new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    }),
  );
  return { logger, lines };
}

describe('createLogger', () => {
  it('when a message or a field carries a URL with credentials, then the line shows them masked', () => {
    const { logger, lines } = capturingLogger();
    logger.warn('connecting to amqp://guest:hunter2@mq:5672', { error: 'refused by postgres://herald:s3cret@db:5432/herald', port: 5 });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({
      message: 'connecting to amqp://****:****@mq:5672',
      error: 'refused by postgres://****:****@db:5432/herald',
      port: 5,
    });
    expect(lines[0]).not.toMatch(/hunter2|s3cret/);
  });

  it('when an Error with a URL in its message is logged, then its message and stack are masked', () => {
    const { logger, lines } = capturingLogger();
    logger.error(new Error('cannot reach smtp://mailer:pw-123@smtp.example.com:587'));
    expect(lines[0]).toContain('smtp://****:****@smtp.example.com:587');
    expect(lines[0]).not.toContain('pw-123');
  });

  it('when an entry is below the level, then nothing of it is read or written, and raising the level later lets it through', () => {
    const { logger, lines } = capturingLogger('warn');
    let fieldsRead = 0;
    const fields = {
      get notifications() {
        fieldsRead += 1;
        return 3;
      },
    };
    logger.info('event fanned out', fields);
    logger.debug('event fanned out', fields);
    expect(fieldsRead).toBe(0);
    expect(lines).toHaveLength(0);

    logger.level = 'info';
    logger.info('event fanned out', fields);
    expect(fieldsRead).toBeGreaterThan(0);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 'info', message: 'event fanned out', notifications: 3, service: 'spec' });
  });

  it('when a level method is passed around unbound, then it still writes to its logger', () => {
    const { logger, lines } = capturingLogger();
    const warn = logger.warn;
    warn('detached');
    expect(JSON.parse(lines[0])).toMatchObject({ level: 'warn', message: 'detached' });
  });
});
