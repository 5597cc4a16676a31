import type { Queryable } from '@herald/db';

export interface FeedbackSuppression {
  /** Every id the message may be recorded under (ours and SES's, bracketed and bare). */
  messageIds: string[];
  /** Normalised addresses SES reported; only the sending notification's own recipient counts. */
  recipients: string[];
  reason: 'hard_bounce' | 'spam_complaint';
}

// The attempts whose recorded ids match, then their notification's recipient, if SES named it.
// Scoping by the notification keeps feedback in the project that sent the message, and a
// forged or mistaken report cannot suppress an address Herald never sent that message to.
// Email attempts name their provider; the message id index holds only such attempts
// (migration 1764065000000), and this condition is what lets the lookup use it.
export const SUPPRESS_FROM_FEEDBACK = `
WITH sent AS (
  SELECT DISTINCT n.project_id, n.recipient
    FROM notification_logs l
    JOIN notifications n ON n.id = l.notification_id
   WHERE n.channel = 'email'
     AND l.provider_response ? 'provider'
     AND (l.provider_response->>'message_id' = ANY($1::text[]) OR l.provider_response->>'ses_message_id' = ANY($1::text[]))
), added AS (
  INSERT INTO suppressions (project_id, channel, recipient, reason, source)
  SELECT project_id, 'email', recipient, $3, 'system' FROM sent WHERE recipient = ANY($2::text[])
  ON CONFLICT (project_id, channel, recipient, category) DO NOTHING
  RETURNING id
)
SELECT (SELECT count(*) FROM sent)::int AS matched, (SELECT count(*) FROM added)::int AS added`;

export class SesFeedbackRepository {
  constructor(private readonly db: Queryable) {}

  /** One statement: finds the message Herald sent and suppresses its recipient (an existing suppression stays as it is). */
  async suppress(feedback: FeedbackSuppression): Promise<{ matched: number; added: number }> {
    const { rows } = await this.db.query<{ matched: number; added: number }>(SUPPRESS_FROM_FEEDBACK, [
      feedback.messageIds,
      feedback.recipients,
      feedback.reason,
    ]);
    return rows[0];
  }
}
