import { serve } from '@herald/runtime';
import { startFanout } from './app';

serve('fanout', startFanout);
