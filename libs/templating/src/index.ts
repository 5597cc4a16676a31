export * from './template-parser';
export * from './template-renderer';
export * from './content-renderer';
export * from './sms-segments';
