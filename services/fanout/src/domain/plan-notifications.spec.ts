import { planNotifications } from './plan-notifications';

describe('planNotifications', () => {
  it('when 2 recipients each want email and sms, then 4 notifications addressed by channel', () => {
    const planned = planNotifications([
      { channels: ['email', 'sms'], email: 'A@Example.COM', phone: '+15005550006', user_id: 'u1' },
      { channels: ['email', 'sms'], email: 'b@example.com', phone: '+15005550007' },
    ]);
    expect(planned).toEqual([
      { recipientIndex: 0, channel: 'email', recipient: 'a@example.com', userId: 'u1' },
      { recipientIndex: 0, channel: 'sms', recipient: '+15005550006', userId: 'u1' },
      { recipientIndex: 1, channel: 'email', recipient: 'b@example.com', userId: undefined },
      { recipientIndex: 1, channel: 'sms', recipient: '+15005550007', userId: undefined },
    ]);
  });
});
