import { runMain } from '@safarsaathi/platform';
import { startGateway } from './app';

runMain(() => startGateway());
