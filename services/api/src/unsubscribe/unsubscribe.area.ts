import { UnsubscribeTokens } from '@herald/secrets';
import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { RecipientPreferencesRepository } from './recipient-preferences.repository';
import { RecipientPreferencesUseCase } from './recipient-preferences.use-case';
import { unsubscribeThrottle } from './unsubscribe.throttle';
import { unsubscribeRoutes } from './unsubscribe.routes';

/** Recipients' own opt-outs from a project's email categories, through the signed link in each email. */
export function unsubscribeArea({ db, config }: Infrastructure): Area {
  const preferences = new RecipientPreferencesUseCase(new UnsubscribeTokens(config.unsubscribeKey), new RecipientPreferencesRepository(db));
  return { routes: unsubscribeRoutes({ preferences, throttle: unsubscribeThrottle(config.UNSUBSCRIBE_PER_IP_PER_MINUTE) }) };
}
