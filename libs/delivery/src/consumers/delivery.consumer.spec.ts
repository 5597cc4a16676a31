import { randomUUID } from 'node:crypto';
import { createLogger } from '@herald/logger';
import type { DeliveryStore } from '../data/delivery.store';
import type { DeliveryTarget } from '../domain/delivery-provider.port';
import { deliveryHandler } from './delivery.consumer';

const ids = ['6f1c1f0e-8f1a-4a36-9d7e-0d0a5b9a1c11', '7a2d2e1f-9a2b-4b47-8e8f-1e1b6c0b2d22', '8b3e3f20-0b3c-4c58-9f90-2f2c7d1c3e33'];
const batch = {
  kind: 'notification.deliver.batch',
  event_id: '0b8b5f2e-2a0c-4f4e-8e3d-3c0e6f4b9a22',
  project_id: '9a7c2d41-5b6e-4c8f-a1d2-e3f405060733',
  channel: 'sms',
  notifications: ids.map((notification_id) => ({ notification_id })),
};
const target: DeliveryTarget = {
  status: 'processing',
  retryCount: 0,
  recipient: '+14155550100',
  eventType: 'x',
  acceptedAt: new Date(),
  payload: null,
  content: { text: 'hi' },
  attachments: [],
  sealedSecret: 's',
  previousSealedSecret: null,
};

describe('deliveryHandler with a batch message', () => {
  it('when the batch holds more deliveries than may run at once, then they run within the bound and each reports progress before the ack', async () => {
    let running = 0;
    let most = 0;
    const events: string[] = [];
    const store: DeliveryStore = { find: async () => target, record: async () => true, recordDeliveredAfterGiveUp: async () => false };
    const handle = deliveryHandler(
      {
        channel: 'sms',
        store,
        provider: {
          send: async () => {
            most = Math.max(most, ++running);
            await new Promise((r) => setTimeout(r, 5));
            running--;
            return { kind: 'delivered', providerResponse: {} };
          },
        },
        followUps: {
          retryLater: async () => undefined,
          deadLetter: async () => undefined,
          refuse: async () => undefined,
          holdUntil: async () => undefined,
          moveTo: async () => undefined,
        },
        policy: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 100 },
        logger: createLogger('spec', 'silent'),
      },
      { maxSends: 1, onProgress: () => events.push('progress') },
    );

    const outcome = await handle({ body: Buffer.from(JSON.stringify(batch)), headers: {}, deliveryCount: 0, redelivered: false });
    events.push(outcome);

    expect(most).toBe(1);
    expect(events).toEqual(['progress', 'progress', 'progress', 'ack']);
  });

  it('when records are slow to commit, then the lane keeps sending: a delivery waiting for its record holds no send slot', async () => {
    const sent: number[] = [];
    const commits: Array<() => void> = [];
    const store: DeliveryStore = {
      find: async () => target,
      record: () => new Promise<boolean>((resolve) => commits.push(() => resolve(true))),
      recordDeliveredAfterGiveUp: async () => false,
    };
    const handle = deliveryHandler(
      {
        channel: 'sms',
        store,
        provider: { send: async () => (sent.push(Date.now()), { kind: 'delivered', providerResponse: {} }) },
        followUps: {
          retryLater: async () => undefined,
          deadLetter: async () => undefined,
          refuse: async () => undefined,
          holdUntil: async () => undefined,
          moveTo: async () => undefined,
        },
        policy: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 100 },
        logger: createLogger('spec', 'silent'),
      },
      { maxSends: 1 },
    );

    const outcome = handle({ body: Buffer.from(JSON.stringify(batch)), headers: {}, deliveryCount: 0, redelivered: false });
    for (let turn = 0; turn < 50 && commits.length < 3; turn++) await new Promise((r) => setImmediate(r));
    expect(sent).toHaveLength(3);
    commits.forEach((commit) => commit());
    expect(await outcome).toBe('ack');
  });

  it('when a batch holds many more deliveries than the lane may send at once, then only four per send slot are loaded before records commit', async () => {
    const many = { ...batch, notifications: Array.from({ length: 12 }, () => ({ notification_id: randomUUID() })) };
    let reads = 0;
    const commits: Array<() => void> = [];
    const store: DeliveryStore = {
      find: async () => (reads++, target),
      record: () => new Promise<boolean>((resolve) => commits.push(() => resolve(true))),
      recordDeliveredAfterGiveUp: async () => false,
    };
    const handle = deliveryHandler(
      {
        channel: 'sms',
        store,
        provider: { send: async () => ({ kind: 'delivered', providerResponse: {} }) },
        followUps: {
          retryLater: async () => undefined,
          deadLetter: async () => undefined,
          refuse: async () => undefined,
          holdUntil: async () => undefined,
          moveTo: async () => undefined,
        },
        policy: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 100 },
        logger: createLogger('spec', 'silent'),
      },
      { maxSends: 1 },
    );

    const outcome = handle({ body: Buffer.from(JSON.stringify(many)), headers: {}, deliveryCount: 0, redelivered: false });
    for (let turn = 0; turn < 50; turn++) await new Promise((r) => setImmediate(r));
    expect(reads).toBe(4);
    while (commits.length) {
      commits.splice(0).forEach((commit) => commit());
      for (let turn = 0; turn < 20; turn++) await new Promise((r) => setImmediate(r));
    }
    expect(await outcome).toBe('ack');
    expect(reads).toBe(12);
  });
});
