import { CHANNELS, DEAD_LETTER_STATUSES, EVENT_STATUSES, NOTIFICATION_STATUSES, PRIORITIES } from '@herald/contracts';
import { INVITATION_STATUSES } from '../organizations/invitation.repository';
import { ROLES } from '../organizations/roles';
import { documentedEnum } from './openapi-operations';

/**
 * The services keep these vocabularies in code (the workers and fan-out never read openapi.yaml),
 * and the document states them to clients: a value added on one side only would be refused by
 * the validator, or sent to clients that the document says cannot occur.
 */
describe('the vocabularies in code are the ones openapi.yaml states', () => {
  it.each([
    ['Channel', CHANNELS],
    ['Priority', PRIORITIES],
    ['EventStatus', EVENT_STATUSES],
    ['NotificationStatus', NOTIFICATION_STATUSES],
    ['DeadLetterStatus', DEAD_LETTER_STATUSES],
    ['InvitationStatus', INVITATION_STATUSES],
    // In order: each role holds the rights of the one before it.
    ['Role', ROLES],
  ])('%s', (schema, values) => {
    expect(documentedEnum(schema)).toEqual([...values]);
  });
});
