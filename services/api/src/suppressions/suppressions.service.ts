import type { Channel } from '@herald/contracts';
import type { SuppressionRepository } from './suppression.repository';
import { AppError, ValidationFailed } from '@herald/errors';
import { refuseUnstorableText } from '../shared/storable-text.rule';
import { normaliseRecipient } from './recipient-address';

export interface SuppressionInput {
  channel: Channel;
  recipient: string;
  category?: string;
  reason?: 'hard_bounce' | 'spam_complaint' | 'manual' | 'unsubscribed';
  source?: 'system' | 'client';
}

export class SuppressionsService {
  constructor(private readonly suppressions: SuppressionRepository) {}

  async add(projectId: string, input: SuppressionInput) {
    refuseUnstorableText(input, ['body']);
    const recipient = normaliseRecipient(input.channel, input.recipient);
    if (!recipient) {
      const expected = { email: 'an email address', sms: 'an E.164 phone number', webhook: 'an http or https URL' }[input.channel];
      throw new ValidationFailed([
        { loc: ['body', 'recipient'], msg: `recipient must be ${expected} for channel ${input.channel}`, type: 'value_error' },
      ]);
    }
    const added = await this.suppressions.add(projectId, {
      channel: input.channel,
      recipient,
      category: input.category ?? null,
      reason: input.reason ?? 'manual',
      source: input.source ?? 'client',
    });
    if (!added) {
      throw new ValidationFailed([
        {
          loc: ['body', 'category'],
          msg: `category ${JSON.stringify(input.category)} is not declared (POST /categories)`,
          type: 'value_error',
        },
      ]);
    }
    return added;
  }

  async remove(projectId: string, id: string): Promise<void> {
    if (!(await this.suppressions.delete(projectId, id))) throw new AppError('not_found', `suppression ${id} not found`);
  }
}
