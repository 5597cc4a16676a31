export * from './database';
export * from './pg-errors';
export * from './migrate';
