import { serve } from '@herald/runtime';
import { startSmsWorker } from './app';

serve('sms-worker', startSmsWorker);
