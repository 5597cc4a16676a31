export { startEmailWorker, type EmailWorker } from './app';
