export { startScheduler, type RunningScheduler } from './app';
