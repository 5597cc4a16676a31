import { expiryReason, failureReason, unprocessableReason } from './settlement-reasons';

describe('settlement reasons', () => {
  it('when a scheduled event expires, then the reason names scheduled_for and that nothing was sent', () => {
    expect(expiryReason(new Date('2030-01-01T09:00:00Z'))).toBe(
      'not dispatched within 1 hour of scheduled_for (2030-01-01T09:00:00.000Z): no scheduler was running; nothing was sent',
    );
  });

  it('when the rules refuse the content, then every message is in the reason', () => {
    const reason = failureReason([
      { loc: ['scheduled_event', 'template_name'], msg: 'template "welcome" not found', type: 'value_error' },
      { loc: ['scheduled_event', 'template_name'], msg: 'template "welcome" has no sms version', type: 'value_error' },
    ]);
    expect(reason).toBe(
      'content can no longer be delivered: template "welcome" not found; template "welcome" has no sms version; nothing was sent',
    );
  });

  it('when the dispatch itself kept failing, then the reason counts the attempts and names the error', () => {
    expect(unprocessableReason(3, new TypeError('input.recipients.forEach is not a function'))).toBe(
      'could not be dispatched (3 attempts, one per tick): TypeError: input.recipients.forEach is not a function; nothing was sent',
    );
  });
});
