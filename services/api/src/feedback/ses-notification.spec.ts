import { messageIdsOf, readSesFeedback } from './ses-notification';

const mail = {
  messageId: '0100018c-aaaa-bbbb-ses',
  commonHeaders: { messageId: '<0100018c-aaaa-bbbb-ses@email.amazonses.com>' },
  headers: [{ name: 'Message-ID', value: '<6f1c1f0e-8f1a-4a36-9d7e-0d0a5b9a1c11@mail.example>' }],
};

describe('readSesFeedback', () => {
  it('when a permanent bounce arrives, then its recipients are suppressed as hard_bounce, normalised', () => {
    const message = JSON.stringify({
      notificationType: 'Bounce',
      bounce: {
        bounceType: 'Permanent',
        bouncedRecipients: [{ emailAddress: 'Ada@Example.com' }, { emailAddress: '"Bob" <bob@example.com>' }],
      },
      mail,
    });
    expect(readSesFeedback(message)).toEqual({
      kind: 'suppress',
      reason: 'hard_bounce',
      recipients: ['ada@example.com', 'bob@example.com'],
      messageIds: messageIdsOf(mail),
    });
  });

  it('when a complaint arrives (event publishing form), then its recipients are suppressed as spam_complaint', () => {
    const message = JSON.stringify({
      eventType: 'Complaint',
      complaint: { complainedRecipients: [{ emailAddress: 'c@example.com' }] },
      mail,
    });
    expect(readSesFeedback(message)).toMatchObject({ kind: 'suppress', reason: 'spam_complaint', recipients: ['c@example.com'] });
  });

  it.each([
    [
      'a transient bounce',
      { notificationType: 'Bounce', bounce: { bounceType: 'Transient', bouncedRecipients: [{ emailAddress: 'a@x.example' }] } },
    ],
    ['an undetermined bounce', { notificationType: 'Bounce', bounce: { bounceType: 'Undetermined' } }],
    ['a delivery', { notificationType: 'Delivery' }],
    ['a not-spam complaint', { notificationType: 'Complaint', complaint: { complaintFeedbackType: 'not-spam' } }],
    ['something else', { hello: 'world' }],
  ])('when %s arrives, then nothing is suppressed', (_case, body) => {
    expect(readSesFeedback(JSON.stringify(body))).toMatchObject({ kind: 'ignore' });
  });

  it('when the Message is not JSON, then it is ignored', () => {
    expect(readSesFeedback('hello')).toEqual({ kind: 'ignore', detail: 'Message is not an SES notification (not JSON)' });
  });
});

describe('messageIdsOf', () => {
  it('when SES names the message, then every id is offered with and without angle brackets', () => {
    expect(messageIdsOf(mail)).toEqual([
      '0100018c-aaaa-bbbb-ses',
      '<0100018c-aaaa-bbbb-ses>',
      '0100018c-aaaa-bbbb-ses@email.amazonses.com',
      '<0100018c-aaaa-bbbb-ses@email.amazonses.com>',
      '6f1c1f0e-8f1a-4a36-9d7e-0d0a5b9a1c11@mail.example',
      '<6f1c1f0e-8f1a-4a36-9d7e-0d0a5b9a1c11@mail.example>',
    ]);
  });
});
