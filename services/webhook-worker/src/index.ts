export { startWebhookWorker, type WebhookWorker } from './app';
