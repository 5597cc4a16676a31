import { serve } from '@herald/runtime';
import { startEmailWorker } from './app';

serve('email-worker', startEmailWorker);
