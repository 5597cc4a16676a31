/** Moved to @herald/intake (the scheduler checks scheduled events with the same rules at dispatch). */
export { EventRules, MAX_DECLARED_ATTACHMENT_BYTES, type CheckOptions, type TemplateChannels } from '@herald/intake';
