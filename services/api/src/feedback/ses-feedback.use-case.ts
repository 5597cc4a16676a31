import { AppError, ValidationFailed } from '@herald/errors';
import type { Logger } from '@herald/logger';
import type { SesFeedbackRepository } from './ses-feedback.repository';
import { readSesFeedback } from './ses-notification';
import { parseSnsMessage, type SnsMessage } from './sns-message';
import type { SnsSignatureVerifier, WebFetch } from './sns-signature.verifier';

/** What was done with an accepted message; a refused one is an AppError (invalid, forbidden, unavailable). */
export type FeedbackResult =
  | { outcome: 'subscription_confirmed' | 'unsubscribed' }
  | { outcome: 'suppressed'; suppressed: number }
  | { outcome: 'ignored'; detail: string };

export interface SesFeedbackDeps {
  verifier: SnsSignatureVerifier;
  repository: SesFeedbackRepository;
  fetchText: WebFetch;
  /** Accepted TopicArns (SNS_TOPIC_ARNS); empty accepts no topic. */
  topics: string[];
  logger: Logger;
}

/**
 * SES feedback delivered by SNS: check the message is SNS's (signature, certificate host, topic),
 * then confirm a subscription, or turn a permanent bounce or a complaint into suppressions in
 * the project that sent the message. A certificate or confirmation URL that cannot be fetched
 * is `unavailable`, so SNS delivers the message again later.
 */
export async function receiveSesFeedback(deps: SesFeedbackDeps, body: unknown): Promise<FeedbackResult> {
  const parsed = parseSnsMessage(body);
  if (!parsed.ok) throw new ValidationFailed([{ loc: ['body'], msg: `not an SNS message: ${parsed.reason}`, type: 'value_error' }]);
  const m = parsed.message;
  // An empty list accepts nothing: any AWS account can sign SNS messages for a topic of its own.
  if (!deps.topics.includes(m.TopicArn)) throw new AppError('forbidden', `topic ${m.TopicArn} is not accepted`);
  try {
    const verification = await deps.verifier.verify(m);
    if (!verification.valid) {
      deps.logger.warn('SNS message refused', { topic: m.TopicArn, reason: verification.reason });
      throw new AppError('forbidden', `SNS ${verification.reason}`);
    }
    return await act(deps, m);
  } catch (err) {
    if (err instanceof AppError) throw err;
    deps.logger.warn('SNS message could not be handled now', { topic: m.TopicArn, error: (err as Error).message });
    throw new AppError('unavailable', (err as Error).message);
  }
}

async function act(deps: SesFeedbackDeps, m: SnsMessage): Promise<FeedbackResult> {
  if (m.Type === 'UnsubscribeConfirmation') return { outcome: 'unsubscribed' };
  if (m.Type === 'SubscriptionConfirmation') {
    if (!deps.verifier.isSnsUrl(m.SubscribeURL!)) throw new AppError('forbidden', 'SubscribeURL is not an SNS URL');
    await deps.fetchText(m.SubscribeURL!);
    deps.logger.info('SNS subscription confirmed', { topic: m.TopicArn });
    return { outcome: 'subscription_confirmed' };
  }
  const feedback = readSesFeedback(m.Message);
  if (feedback.kind === 'ignore') return { outcome: 'ignored', detail: feedback.detail };
  const { matched, added } = await deps.repository.suppress(feedback);
  if (matched === 0) return { outcome: 'ignored', detail: 'no message Herald sent matches this notification' };
  deps.logger.info('SES feedback suppressed recipients', { reason: feedback.reason, added });
  return { outcome: 'suppressed', suppressed: added };
}
