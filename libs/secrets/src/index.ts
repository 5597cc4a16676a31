export * from './secret-box';
export * from './api-key';
export * from './unsubscribe-token';
