import type { DeliveryMessage, NotificationStatus } from '@herald/contracts';
import { redeliveryVerdict } from './redelivery';

const msg = (attempt: number) => ({ attempt }) as DeliveryMessage;
const target = (status: NotificationStatus, retryCount: number) => ({ status, retryCount });

describe('redeliveryVerdict', () => {
  it.each(['delivered', 'failed', 'suppressed'] as const)('when the notification is %s, then any message is skipped', (status) => {
    expect(redeliveryVerdict(target(status, 0), msg(1))).toBe('skip');
  });

  it('when the message is the scheduled retry, then it is sent', () => {
    expect(redeliveryVerdict(target('retrying', 2), msg(3))).toBe('send');
  });

  it('when this attempt was recorded as retrying, then its retry is queued again instead of sending', () => {
    expect(redeliveryVerdict(target('retrying', 2), msg(2))).toBe('reschedule');
  });

  it('when a later attempt was already recorded, then an older message is skipped', () => {
    expect(redeliveryVerdict(target('retrying', 2), msg(1))).toBe('skip');
  });

  it('when the notification is processing (new, or reopened by a dead-letter replay), then it is sent', () => {
    expect(redeliveryVerdict(target('processing', 0), msg(1))).toBe('send');
    expect(redeliveryVerdict(target('processing', 2), msg(1))).toBe('send');
  });
});
