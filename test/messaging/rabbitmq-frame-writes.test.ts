import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { coalesceFrameWrites } from '@herald/messaging';
import { connect, type ChannelModel } from 'amqplib';
import { eventually } from '../support/eventually';
import { TEST_AMQP_URL, TEST_QUEUE_DRIVER } from '../support/test-env';

/** Only a reachable broker has frames to write; a run without one says so at its start. */
const withBroker = (name: string, fn: () => Promise<void>) => (TEST_QUEUE_DRIVER === 'rabbitmq' ? it(name, fn) : undefined);

const MESSAGES = 200;

/** Publishes MESSAGES in one burst on a fresh connection and reads them back: how many socket writes carried them, and in what order they came. */
async function burst(coalesce: boolean): Promise<{ socketWrites: number; received: number[] }> {
  const model: ChannelModel = await connect(TEST_AMQP_URL, { noDelay: true });
  try {
    if (coalesce) expect(coalesceFrameWrites(model.connection)).toBe(true);
    const socket = (model.connection as unknown as { stream: Socket & { _write: unknown; _writev: unknown } }).stream;
    const ch = await model.createChannel();
    const { queue } = await ch.assertQueue(`herald-test-frames-${randomUUID()}`, { exclusive: true });

    let socketWrites = 0;
    const counted = <F extends (...args: never[]) => unknown>(f: F) =>
      function (this: unknown, ...args: Parameters<F>) {
        socketWrites += 1;
        return f.apply(this, args);
      };
    socket._write = counted(socket._write as (...args: never[]) => unknown);
    socket._writev = counted(socket._writev as (...args: never[]) => unknown);
    for (let i = 0; i < MESSAGES; i++) ch.sendToQueue(queue, Buffer.from(String(i)));
    await eventually(async () => expect((await ch.checkQueue(queue)).messageCount).toBe(MESSAGES));
    const writes = socketWrites;

    const received: number[] = [];
    await ch.consume(queue, (msg) => msg && received.push(Number(msg.content.toString())), { noAck: true });
    await eventually(() => expect(received).toHaveLength(MESSAGES));
    return { socketWrites: writes, received };
  } finally {
    await model.close();
  }
}

describe('RabbitMQ frame writes', () => {
  withBroker(
    'when a burst of publishes is written, then it reaches the socket in a handful of writes, every message in order',
    async () => {
      const coalesced = await burst(true);
      const plain = await burst(false);

      expect(coalesced.received).toEqual([...Array(MESSAGES).keys()]);
      expect(plain.received).toEqual(coalesced.received);
      // amqplib on its own writes each publish's frames separately; coalesced, one pass of its muxer is one write.
      expect(plain.socketWrites).toBeGreaterThanOrEqual(MESSAGES);
      expect(coalesced.socketWrites).toBeLessThanOrEqual(20);
    },
  );

  it('when the connection is not shaped as the amqplib it knows, then it is left alone and the caller is told', () => {
    const stranger = { muxer: { out: {} } };
    expect(coalesceFrameWrites(stranger)).toBe(false);
    expect(coalesceFrameWrites(null)).toBe(false);
    expect(stranger).toEqual({ muxer: { out: {} } });
  });
});
