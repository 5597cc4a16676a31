export * from './definitions';
export { registry } from './registry';
export { ProgressWatchdog } from './progress-watchdog';
export { ScrapeHooks, type ScrapeHook } from './scrape-hooks';
export { startOpsServer, type DependencyCheck, type OpsServer, type ProcessHealth } from './ops-server';
