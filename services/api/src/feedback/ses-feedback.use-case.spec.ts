import { AppError } from '@herald/errors';
import { createLogger } from '@herald/logger';
import type { SesFeedbackRepository } from './ses-feedback.repository';
import { receiveSesFeedback, type SesFeedbackDeps } from './ses-feedback.use-case';
import type { SnsSignatureVerifier } from './sns-signature.verifier';

const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:ses-feedback';
const message = {
  Type: 'Notification',
  MessageId: 'm-1',
  TopicArn: TOPIC,
  Message: '{}',
  Timestamp: new Date().toISOString(),
  SignatureVersion: '1',
  Signature: 'c2ln',
  SigningCertURL: 'https://sns.eu-west-1.amazonaws.com/c.pem',
};

function deps(topics: string[]) {
  const verified: string[] = [];
  const d: SesFeedbackDeps = {
    verifier: {
      verify: async (m: { MessageId: string }) => {
        verified.push(m.MessageId);
        return { valid: false, reason: 'signature does not verify' };
      },
    } as unknown as SnsSignatureVerifier,
    repository: {} as SesFeedbackRepository,
    fetchText: async () => '',
    topics,
    logger: createLogger('spec', 'silent'),
  };
  return { d, verified };
}

describe('receiveSesFeedback topic rule', () => {
  it('when no topic is configured, then every message is refused before its signature is checked', async () => {
    const { d, verified } = deps([]);
    await expect(receiveSesFeedback(d, JSON.stringify(message))).rejects.toEqual(
      new AppError('forbidden', `topic ${TOPIC} is not accepted`),
    );
    expect(verified).toEqual([]);
  });

  it('when the topic is configured, then the signature decides', async () => {
    const { d, verified } = deps([TOPIC]);
    await expect(receiveSesFeedback(d, JSON.stringify(message))).rejects.toEqual(
      new AppError('forbidden', 'SNS signature does not verify'),
    );
    expect(verified).toEqual(['m-1']);
  });
});
