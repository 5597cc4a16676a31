import { AppError } from '@herald/errors';
import type { UnsubscribeTokens } from '@herald/secrets';
import type { RecipientPreferences, RecipientPreferencesRepository } from './recipient-preferences.repository';

export interface PreferencesView extends RecipientPreferences {
  recipient: string;
}

/**
 * What an unsubscribe link lets its holder do, and nothing else: the token names one recipient,
 * project and category, so every action is on that recipient in that project. A token this
 * install did not sign (altered, another install's, an old key's) finds nothing.
 */
export class RecipientPreferencesUseCase {
  constructor(
    private readonly tokens: UnsubscribeTokens,
    private readonly preferences: RecipientPreferencesRepository,
  ) {}

  /** RFC 8058 one-click: the token's category, for its recipient. Repeating it changes nothing. */
  async oneClick(token: string): Promise<void> {
    const claims = this.tokens.verify(token);
    if (!claims || !(await this.preferences.optOut(claims.projectId, claims.recipient, claims.category))) throw linkNotValid();
  }

  /** The preferences page; undefined for a link that is not valid. */
  async view(token: string): Promise<PreferencesView | undefined> {
    const claims = this.tokens.verify(token);
    if (!claims) return undefined;
    const found = await this.preferences.read(claims.projectId, claims.recipient);
    return found && { ...found, recipient: claims.recipient };
  }

  /** The page's form: the categories left ticked are the ones the recipient gets. */
  async choose(token: string, subscribed: string[]): Promise<PreferencesView | undefined> {
    const claims = this.tokens.verify(token);
    if (!claims) return undefined;
    await this.preferences.choose(claims.projectId, claims.recipient, subscribed);
    return this.view(token);
  }
}

function linkNotValid(): AppError {
  return new AppError('not_found', 'this unsubscribe link is not valid');
}
