export * from './template-parser';
export * from './template-renderer';
