export * from './outbox-message';
export * from './outbox-relay';
export * from './relay-options';
export { PARK_AFTER_FAILURES, type OutboxRow } from './outbox.repository';
