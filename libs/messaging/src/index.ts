export * from './topology-names';
export * from './retry-schedule';
export * from './topology';
export * from './broker';
export * from './consumer';
