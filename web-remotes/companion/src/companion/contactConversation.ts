import { CHAT_MESSAGES, type ConversationStartResponse } from '@safarsaathi/contracts';
import { ApiError } from '@safarsaathi/web-kit';
import { companionApi } from '../api';

/** Tries in all: the chat service already waits a few seconds itself for a request it has not heard of. */
const ATTEMPTS = 3;
const PAUSE_MS = 1_000;

const pause = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * The contact flow's conversation (POST /api/chat/create-search-conversation) right after the
 * visitor's request was created. The chat service hears of new requests through an event, a moment
 * after the companion service answered; if that takes longer than the service waits, it answers
 * "Choose one of your own active requests.", and only that answer is tried again. Any other failure
 * ends at once.
 */
export async function createConversationWhenReady(
  targetCaseid: string,
  userCaseid: string,
): Promise<ConversationStartResponse> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await companionApi.createSearchConversation(targetCaseid, userCaseid);
    } catch (error) {
      const notYetKnown = error instanceof ApiError && error.error === CHAT_MESSAGES.ownRequestRequired;
      if (!notYetKnown || attempt >= ATTEMPTS) throw error;
      await pause(PAUSE_MS);
    }
  }
}
