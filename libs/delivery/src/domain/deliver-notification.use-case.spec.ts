import type { DeliveryMessage } from '@herald/contracts';
import { createLogger } from '@herald/logger';
import type { DeliveryStore } from '../data/delivery.store';
import type { AttemptRecord } from '../data/notification.repository';
import type { SealedSigningSecrets } from '../data/signing-secrets.source';
import { withoutTarget, type DeliveryFollowUps } from '../messaging/delivery.publisher';
import { deliverNotification } from './deliver-notification.use-case';
import type { DeliveryOutcome, DeliveryProvider, DeliveryTarget } from './delivery-provider.port';

const msg: DeliveryMessage = {
  kind: 'notification.deliver',
  notification_id: '6f1c1f0e-8f1a-4a36-9d7e-0d0a5b9a1c11',
  event_id: '0b8b5f2e-2a0c-4f4e-8e3d-3c0e6f4b9a22',
  project_id: '9a7c2d41-5b6e-4c8f-a1d2-e3f405060733',
  channel: 'sms',
  attempt: 1,
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

/** In-memory store, provider and follow-ups that remember what the use case asked of them. */
function world(send: DeliveryProvider['send'], found: DeliveryTarget | null = target) {
  const records: AttemptRecord[] = [];
  const retries: number[] = [];
  const deadLetters: string[] = [];
  const store: DeliveryStore = {
    find: async () => found ?? undefined,
    record: async (r) => (records.push(r), true),
    recordDeliveredAfterGiveUp: async () => false,
  };
  const followUps: DeliveryFollowUps = {
    retryLater: async (_m, delayMs) => void retries.push(delayMs),
    deadLetter: async (_m, errorType) => void deadLetters.push(errorType),
    refuse: async () => undefined,
    holdUntil: async () => undefined,
    moveTo: async () => undefined,
  };
  const deps = {
    channel: 'sms' as const,
    store,
    provider: { send },
    followUps,
    policy: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 100 },
    logger: createLogger('spec', 'silent'),
  };
  return { deps, records, retries, deadLetters };
}

const outcome = (o: DeliveryOutcome) => async () => o;

describe('deliverNotification', () => {
  it('when the provider delivers, then the attempt is recorded as delivered with its provider response', async () => {
    const w = world(outcome({ kind: 'delivered', providerResponse: { message_id: 'SM1' } }));
    expect(await deliverNotification(w.deps, msg)).toBe('ack');
    expect(w.records).toEqual([
      expect.objectContaining({ status: 'delivered', retryCount: 0, error: null, providerResponse: { message_id: 'SM1' } }),
    ]);
    expect(w.retries).toEqual([]);
  });

  it('when the provider fails permanently and asks for a suppression, then the record carries it and the message is dead-lettered', async () => {
    const w = world(outcome({ kind: 'permanent', providerResponse: {}, error: 'opted out', suppress: 'manual' }));
    await deliverNotification(w.deps, msg);
    expect(w.records[0]).toMatchObject({
      status: 'failed',
      error: 'opted out',
      suppress: 'manual',
      deadLetter: { errorType: 'permanent_failure' },
    });
    expect(w.deadLetters).toEqual(['permanent_failure']);
  });

  it('when a delivery fails for good, then its log line names the request id of the event it belongs to', async () => {
    const w = world(outcome({ kind: 'permanent', providerResponse: {}, error: 'HTTP 410' }));
    const lines: unknown[] = [];
    w.deps.logger = Object.assign(Object.create(w.deps.logger), {
      warn: (message: string, meta: object) => lines.push({ message, ...meta }),
    });
    await deliverNotification(w.deps, msg, 'req-42');
    expect(lines).toEqual([
      expect.objectContaining({
        message: 'sms delivery failed; dead-lettered',
        notification_id: msg.notification_id,
        request_id: 'req-42',
      }),
    ]);
  });

  it('when the provider fails transiently, then a retry is scheduled and nothing is suppressed', async () => {
    const w = world(outcome({ kind: 'retryable', providerResponse: {}, error: 'HTTP 503' }));
    await deliverNotification(w.deps, msg);
    expect(w.records[0]).toMatchObject({ status: 'retrying', retryCount: 1, suppress: undefined });
    expect(w.retries).toHaveLength(1);
  });

  it('when the provider throws, then the attempt counts as a retryable internal error instead of looping through requeues', async () => {
    const w = world(async () => {
      throw new TypeError('boom');
    });
    expect(await deliverNotification(w.deps, msg)).toBe('ack');
    expect(w.records[0]).toMatchObject({ status: 'retrying', error: 'internal error: boom' });
  });

  it('when its consumer endpoint was disabled after it was queued, then the delivery fails as a dead letter without sending', async () => {
    const send = jest.fn();
    const disabled = { ...target, endpointId: 'e1', endpoint: { rateLimitPerSecond: null, disabled: true, failing: false } };
    const w = world(send, disabled);
    expect(await deliverNotification(w.deps, msg)).toBe('ack');
    expect(send).not.toHaveBeenCalled();
    expect(w.records[0]).toMatchObject({ status: 'failed', error: 'its consumer endpoint is disabled' });
    expect(w.deadLetters).toEqual(['permanent_failure']);
  });

  it('when the notification does not exist, then the message is rejected without sending', async () => {
    const send = jest.fn();
    const w = world(send, null);
    expect(await deliverNotification(w.deps, msg)).toBe('reject');
    expect(send).not.toHaveBeenCalled();
  });

  it('when the notification is already delivered, then nothing is sent or recorded', async () => {
    const send = jest.fn();
    const w = world(send, { ...target, status: 'delivered' });
    expect(await deliverNotification(w.deps, msg)).toBe('ack');
    expect(send).not.toHaveBeenCalled();
    expect(w.records).toEqual([]);
  });
});

describe('deliverNotification: a webhook first attempt sent from its message', () => {
  const carried: DeliveryMessage = {
    ...msg,
    channel: 'webhook',
    target: {
      recipient: 'https://example.com/hook',
      event_type: 'order.shipped',
      accepted_at: '2026-11-25T17:00:00.000Z',
      payload: { a: 1 },
    },
  };
  const stored: DeliveryTarget = { ...target, recipient: 'https://stored.example.com/hook', payload: { stored: true }, content: null };

  /** `delivered`: the receiver answers 2xx (else 503); `recorded`: whether the attempt's record is accepted. */
  function webhookWorld({ delivered = false, recorded = true } = {}) {
    const reads: string[] = [];
    const sent: DeliveryTarget[] = [];
    const records: AttemptRecord[] = [];
    const retried: DeliveryMessage[] = [];
    const afterGiveUp: AttemptRecord[] = [];
    const deps = {
      channel: 'webhook' as const,
      store: {
        find: async () => (reads.push('notification'), stored),
        record: async (r: AttemptRecord) => (records.push(r), recorded),
        recordDeliveredAfterGiveUp: async (r: AttemptRecord) => (afterGiveUp.push(r), true),
      } satisfies DeliveryStore,
      provider: {
        send: async ({ target: t }: { target: DeliveryTarget }) => {
          sent.push(t);
          if (delivered) return { kind: 'delivered' as const, providerResponse: { status_code: 200 } };
          return { kind: 'retryable' as const, providerResponse: {}, error: 'HTTP 503' };
        },
      },
      followUps: {
        retryLater: async (m: DeliveryMessage) => void retried.push(m),
        deadLetter: async () => undefined,
        refuse: async () => undefined,
        holdUntil: async () => undefined,
        moveTo: async () => undefined,
      },
      policy: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 100 },
      logger: createLogger('spec', 'silent'),
      secrets: {
        get: async (): Promise<SealedSigningSecrets | undefined> => (
          reads.push('secrets'),
          { sealed: 'current', previousSealed: 'previous' }
        ),
      },
    };
    return { deps, reads, sent, records, retried, afterGiveUp };
  }

  it('when every condition holds, then only the secrets are read and the target is taken as processing, never retried', async () => {
    const w = webhookWorld();
    expect(await deliverNotification(w.deps, carried, undefined, { redelivered: false })).toBe('ack');
    expect(w.reads).toEqual(['secrets']);
    expect(w.sent).toEqual([
      {
        status: 'processing',
        retryCount: 0,
        recipient: 'https://example.com/hook',
        eventType: 'order.shipped',
        acceptedAt: new Date('2026-11-25T17:00:00.000Z'),
        payload: { a: 1 },
        content: null,
        attachments: [],
        sealedSecret: 'current',
        previousSealedSecret: 'previous',
      },
    ]);
    // What follows the first attempt travels as ids (the publisher drops `target`), so the retry is read.
    expect(withoutTarget(w.retried[0])).toEqual({ ...msg, channel: 'webhook' });
  });

  it.each([
    ['the message was redelivered', carried, { redelivered: true }],
    ['the transport said nothing', carried, undefined],
    ['it is a later attempt', { ...carried, attempt: 2 }, { redelivered: false }],
    ['it carries no target', { ...carried, target: undefined }, { redelivered: false }],
  ])('when %s, then the notification is read', async (_case, message, context) => {
    const w = webhookWorld();
    await deliverNotification(w.deps, message as DeliveryMessage, undefined, context);
    expect(w.reads).toEqual(['notification']);
    expect(w.sent[0].recipient).toBe('https://stored.example.com/hook');
  });

  it('when a delivered attempt sent from its message is refused by its record, then it is recorded as delivered after a fan-out give-up', async () => {
    const w = webhookWorld({ delivered: true, recorded: false });
    expect(await deliverNotification(w.deps, carried, undefined, { redelivered: false })).toBe('ack');
    expect(w.afterGiveUp).toEqual([expect.objectContaining({ notificationId: msg.notification_id, attempt: 1, status: 'delivered' })]);
  });

  it.each([
    ['it was read, not sent from its message', carried, { redelivered: true }, true],
    ['it was not delivered', carried, { redelivered: false }, false],
  ])('when an attempt is refused by its record and %s, then nothing else is recorded', async (_case, message, context, delivered) => {
    const w = webhookWorld({ delivered, recorded: false });
    expect(await deliverNotification(w.deps, message, undefined, context)).toBe('ack');
    expect(w.records).toHaveLength(1);
    expect(w.afterGiveUp).toEqual([]);
    expect(w.retried).toEqual([]);
  });

  it('when the project is not found, then the notification is read', async () => {
    const w = webhookWorld();
    w.deps.secrets.get = async () => (w.reads.push('secrets'), undefined);
    await deliverNotification(w.deps, carried, undefined, { redelivered: false });
    expect(w.reads).toEqual(['secrets', 'notification']);
  });
});
