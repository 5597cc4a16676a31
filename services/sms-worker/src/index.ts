export { startSmsWorker, type SmsWorker } from './app';
