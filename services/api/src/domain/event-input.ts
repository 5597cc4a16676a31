/** Moved to @herald/intake (the scheduler dispatches events through the same intake). */
export {
  CONTACT_FIELD,
  notificationCount,
  type AttachmentInput,
  type EventInput,
  type InlineInput,
  type RecipientInput,
} from '@herald/intake';
