import { runMain } from '@safarsaathi/platform';
import { startCompanionService } from './app';

runMain(() => startCompanionService());
