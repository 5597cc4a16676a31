import { serve } from '@herald/runtime';
import { startScheduler } from './app';

serve('scheduler', startScheduler);
