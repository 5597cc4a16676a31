export * from './database';
export * from './pg-errors';
export * from './migrate';
export * from './batch-coalescer';
export * from './event-status';
export * from './notification-listener';
export * from './cache-eviction.listener';
export * from './row-id';
