/**
 * The bench's drivers of live events: a conversation has two sides (a user id and a session cookie each);
 * `send` makes one side send a message and answers its sequence number.
 */
import type { Redis } from '@safarsaathi/platform';

export interface Side {
  userId: string;
  cookie: string;
}

export interface Conversation {
  id: string;
  sides: [Side, Side] | Side[];
  seq: number;
}

export interface Driver {
  conversations: Conversation[];
  /** Side `from` sends one message, through gateway number `gateway`; resolves with its sequence number. */
  send: (conversation: Conversation, from: number, gateway: number) => Promise<{ seq: number }>;
  close: () => Promise<void>;
}

/** Real messages through the chat service (phase 2 of the live updates issue). */
export async function chatDriver(
  _gateways: string[],
  _redis: Redis,
  _count: number,
  _log: (line: string) => void,
): Promise<Driver> {
  throw new Error('the chat driver needs the chat service (services/chat); use --driver publish');
}
