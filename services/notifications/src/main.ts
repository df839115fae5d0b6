import { runMain } from '@safarsaathi/platform';
import { startNotificationsService } from './app';

runMain(() => startNotificationsService());
