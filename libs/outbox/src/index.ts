export * from './outbox-message';
export * from './outbox-relay';
