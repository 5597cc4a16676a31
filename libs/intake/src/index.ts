export * from './event-input';
export * from './event-rules';
export * from './event-accepted-message';
export * from './request-hash';
export * from './event-store';
export * from './template-channels';
export * from './batched-event-writer';
export * from './event-limits';
