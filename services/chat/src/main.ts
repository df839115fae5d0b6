import { runMain } from '@safarsaathi/platform';
import { startChatService } from './app';

runMain(() => startChatService());
