export * from './config';
export * from './config-error';
