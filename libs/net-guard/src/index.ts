export * from './address-policy';
export * from './resolve-target';
export * from './guarded-dispatcher';
