import { runMain } from '@safarsaathi/platform';
import { startAuthService } from './app';

runMain(() => startAuthService());
