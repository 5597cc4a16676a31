import { serve } from '@herald/runtime';
import { startApi } from './app';

serve('api', startApi);
