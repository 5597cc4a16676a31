import { createServer, type Server } from 'node:net';
import { loadConfig } from '@herald/config';
import { brokerAnswers, selectQueueDriver } from './select-driver';

const key = Buffer.alloc(32, 1).toString('base64');
const config = (env: Record<string, string> = {}) => loadConfig({ HERALD_SECRETS_KEY: key, ...env });
const answers = (yes: boolean) => async () => yes;

describe('selectQueueDriver', () => {
  it('when QUEUE_DRIVER is set, then it wins over AMQP_URL and the probe', async () => {
    const choice = await selectQueueDriver(config({ QUEUE_DRIVER: 'postgres', AMQP_URL: 'amqp://mq:5672' }), answers(true));
    expect(choice).toEqual({ driver: 'postgres', reason: 'QUEUE_DRIVER=postgres' });
  });

  it('when AMQP_URL is set, then rabbitmq runs without probing, even if nothing answers', async () => {
    const probe = jest.fn(answers(false));
    expect(await selectQueueDriver(config({ AMQP_URL: 'amqp://mq:5672' }), probe)).toEqual({
      driver: 'rabbitmq',
      reason: 'AMQP_URL is set',
    });
    expect(probe).not.toHaveBeenCalled();
  });

  it('when neither is set, then a broker answering on the default address selects rabbitmq, and silence postgres', async () => {
    expect(await selectQueueDriver(config(), answers(true))).toEqual({ driver: 'rabbitmq', reason: 'a broker answers on 127.0.0.1:5672' });
    expect(await selectQueueDriver(config(), answers(false))).toEqual({
      driver: 'postgres',
      reason: 'QUEUE_DRIVER and AMQP_URL are unset and no broker answers on 127.0.0.1:5672',
    });
  });
});

describe('brokerAnswers', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('when something listens on the address, then it answers; when nothing does, then it does not', async () => {
    expect(await brokerAnswers(`amqp://guest:guest@127.0.0.1:${port}`)).toBe(true);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await brokerAnswers(`amqp://guest:guest@127.0.0.1:${port}`)).toBe(false);
    server = createServer();
  });
});
