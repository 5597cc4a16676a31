export * from './address-policy';
export * from './resolve-target';
export * from './guarded-dispatcher';
export * from './target-resolver';
export * from './webhook-target-resolver';
