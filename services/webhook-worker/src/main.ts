import { serve } from '@herald/runtime';
import { startWebhookWorker } from './app';

serve('webhook-worker', startWebhookWorker);
