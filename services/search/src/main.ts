import { runMain } from '@safarsaathi/platform';
import { startSearchService } from './app';

runMain(() => startSearchService());
