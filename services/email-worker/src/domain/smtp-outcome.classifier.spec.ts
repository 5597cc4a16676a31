import { classifySmtpError, isUnknownMailbox } from './smtp-outcome.classifier';

/** Shaped like nodemailer's errors: code, the server's reply, its numeric code and the command. */
const reply = (responseCode: number, response: string, command = 'RCPT TO', code = 'EENVELOPE') => ({
  code,
  command,
  response,
  responseCode,
  message: `Can't send mail: ${response}`,
});

describe('classifySmtpError', () => {
  it.each([
    [421, '421 4.7.0 Try again later'],
    [450, '450 4.2.1 Mailbox busy'],
    [451, '451 4.3.0 Local error in processing'],
    [452, '452 4.2.2 Mailbox full, try later'],
  ])('when the server answers %i, then the attempt is retried', (code, text) => {
    expect(classifySmtpError(reply(code, text))).toEqual({ kind: 'retryable', error: `SMTP RCPT TO rejected: ${text}` });
  });

  it('when the server answers 503 (bad sequence of commands), then it is a session problem and retried', () => {
    expect(classifySmtpError(reply(503, '503 5.5.1 Error: need MAIL command'))).toMatchObject({ kind: 'retryable' });
  });

  it.each([
    [550, '550 5.7.1 Message rejected as spam'],
    [552, '552 5.3.4 Message size exceeds fixed limit'],
    [554, '554 5.7.1 Relay access denied'],
    [550, '550 Mailbox unavailable'],
  ])('when the server answers %i for another reason, then it fails permanently without a suppression', (code, text) => {
    expect(classifySmtpError(reply(code, text))).toEqual({ kind: 'permanent', error: `SMTP RCPT TO rejected: ${text}` });
  });

  it.each([
    [550, '550 5.1.1 <bob@example.com>: Recipient address rejected: User unknown'],
    [550, '550 5.1.0 Address rejected'],
    [553, '553 5.1.3 Bad recipient address syntax'],
    [551, '551 User not local; please try <b@example.net>'],
    [550, '550 No such user here'],
    [550, '550-5.1.1 The email account that you tried to reach does not exist.'],
  ])('when the server answers %i "user unknown", then it fails permanently and suppresses as hard_bounce', (code, text) => {
    expect(classifySmtpError(reply(code, text))).toEqual({
      kind: 'permanent',
      error: `SMTP RCPT TO rejected: ${text}`,
      suppress: 'hard_bounce',
    });
  });

  it('when the mailbox is unknown only after DATA, then it still suppresses', () => {
    expect(classifySmtpError(reply(550, '550 5.1.1 user unknown', 'DATA', 'EMESSAGE'))).toMatchObject({ suppress: 'hard_bounce' });
  });

  it('when the sender address is the unknown one (MAIL FROM), then the recipient is not suppressed', () => {
    expect(classifySmtpError(reply(550, '550 5.1.0 Sender address rejected: User unknown', 'MAIL FROM'))).toEqual({
      kind: 'permanent',
      error: 'SMTP MAIL FROM rejected: 550 5.1.0 Sender address rejected: User unknown',
    });
  });

  it.each(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS'])('when there is no reply (%s), then it is retried', (code) => {
    expect(classifySmtpError({ code, message: 'connect ECONNREFUSED 127.0.0.1:25' })).toEqual({
      kind: 'retryable',
      error: `SMTP ${code}: connect ECONNREFUSED 127.0.0.1:25`,
    });
  });

  it('when nodemailer refuses the address or the message before sending, then it fails permanently', () => {
    expect(classifySmtpError({ code: 'EENVELOPE', message: 'Invalid recipient "x"', command: 'API' })).toMatchObject({ kind: 'permanent' });
    expect(classifySmtpError({ code: 'EMESSAGE', message: 'Message size larger than allowed 1000' })).toMatchObject({ kind: 'permanent' });
  });

  it('when the error is not an object, then it is retried with its text', () => {
    expect(classifySmtpError('boom')).toEqual({ kind: 'retryable', error: 'SMTP boom' });
  });
});

describe('isUnknownMailbox', () => {
  it('when the reply is a 4xx with 4.1.1, then it is not final and never suppresses', () => {
    expect(isUnknownMailbox(450, '450 4.1.1 try later', 'RCPT TO')).toBe(false);
  });

  it('when the mailbox is full (5.2.2), then the address exists and is not suppressed', () => {
    expect(isUnknownMailbox(552, '552 5.2.2 Mailbox full', 'RCPT TO')).toBe(false);
  });
});
