export * from './config';
export * from './config-error';
export * from './provider-settings';
export * from './redact-url';
export * from './oauth-settings';
export * from './email-settings';
