import { runMain } from '@safarsaathi/platform';
import { startSupportService } from './app';

runMain(() => startSupportService());
