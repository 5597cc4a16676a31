import { parseSnsMessage, snsStringToSign, type SnsMessage } from './sns-message';

const base = {
  MessageId: 'm-1',
  TopicArn: 'arn:aws:sns:eu-west-1:1:t',
  Message: 'hello\nworld',
  Timestamp: '2026-11-22T10:00:00.000Z',
  SignatureVersion: '1',
  Signature: 'c2ln',
  SigningCertURL: 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-x.pem',
};

describe('snsStringToSign', () => {
  it('when a Notification has a Subject, then it is signed between MessageId and Timestamp', () => {
    const m = { ...base, Type: 'Notification', Subject: 'S' } as SnsMessage;
    expect(snsStringToSign(m)).toBe(
      'Message\nhello\nworld\nMessageId\nm-1\nSubject\nS\nTimestamp\n2026-11-22T10:00:00.000Z\nTopicArn\narn:aws:sns:eu-west-1:1:t\nType\nNotification\n',
    );
  });

  it('when a Notification has no Subject, then Subject is left out', () => {
    expect(snsStringToSign({ ...base, Type: 'Notification' } as SnsMessage)).not.toContain('Subject');
  });

  it('when it is a SubscriptionConfirmation, then SubscribeURL and Token are signed', () => {
    const m = { ...base, Type: 'SubscriptionConfirmation', SubscribeURL: 'https://u', Token: 't' } as SnsMessage;
    expect(snsStringToSign(m)).toBe(
      'Message\nhello\nworld\nMessageId\nm-1\nSubscribeURL\nhttps://u\nTimestamp\n2026-11-22T10:00:00.000Z\nToken\nt\nTopicArn\narn:aws:sns:eu-west-1:1:t\nType\nSubscriptionConfirmation\n',
    );
  });
});

describe('parseSnsMessage', () => {
  it('when the body is SNS JSON sent as text, then it parses', () => {
    expect(parseSnsMessage(JSON.stringify({ ...base, Type: 'Notification' }))).toMatchObject({ ok: true });
  });

  it.each([
    ['not JSON', 'nope'],
    ['an array', '[]'],
    ['an unknown Type', JSON.stringify({ ...base, Type: 'Other' })],
    ['no Signature', JSON.stringify({ ...base, Type: 'Notification', Signature: undefined })],
    ['a confirmation without SubscribeURL', JSON.stringify({ ...base, Type: 'SubscriptionConfirmation', Token: 't' })],
  ])('when the body is %s, then it is refused with a reason', (_case, body) => {
    expect(parseSnsMessage(body)).toMatchObject({ ok: false, reason: expect.any(String) });
  });
});
