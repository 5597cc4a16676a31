export * from './secret-box';
export * from './api-key';
