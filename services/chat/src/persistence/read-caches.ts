/**
 * Redis caches in front of the two reads FerretDB makes expensive (it parses a whole document for any read,
 * about 0.2 ms per kB here): a user's inbox (70 kB for 200 conversations) and a conversation's newest page of
 * messages (up to four 5 kB chunks). MongoDB and FerretDB stay the truth; the caches only ever answer with
 * what a read of the current version would.
 *
 * - Inbox: every inbox write is followed by a new random version in Redis; a cached view is used only when it
 *   was built on the current version. A crash between the write and the new version leaves a view stale for
 *   at most its TTL.
 * - Page: keyed by the conversation's revision, which the caller has just read from the database (with the
 *   participant check); only a complete page (every sequence number up to the revision's newest) is stored,
 *   so a message whose chunk is still being written is never cached away.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from '@safarsaathi/platform';
import type { StoredMessage } from './message-chunks';

const VIEW_TTL_SECONDS = 120;
const VERSION_TTL_SECONDS = 86_400;
const PAGE_TTL_SECONDS = 300;

export interface InboxView {
  unreadCount: number;
  /** The serialised conversation list. */
  json: string;
}

export class InboxCache {
  constructor(private readonly redis: Redis) {}

  private versionKey(userId: string): string {
    return `chat:inbox-version:${userId}`;
  }

  private viewKey(userId: string): string {
    return `chat:inbox-view:${userId}`;
  }

  /** After every write of this user's inbox. */
  async changed(userId: string): Promise<void> {
    await this.redis.set(this.versionKey(userId), randomUUID(), 'EX', VERSION_TTL_SECONDS);
  }

  /** The cached view when it is current; otherwise the version a view built now must be stored under. */
  async read(userId: string): Promise<{ view: InboxView } | { version: string }> {
    const [version, stored] = await this.redis.mget(this.versionKey(userId), this.viewKey(userId));
    if (version && stored) {
      // `${version}\n${unreadCount}\n${json}` (JSON has no raw line breaks).
      const first = stored.indexOf('\n');
      const second = stored.indexOf('\n', first + 1);
      if (stored.slice(0, first) === version) return { view: { unreadCount: Number(stored.slice(first + 1, second)), json: stored.slice(second + 1) } };
    }
    if (version) return { version };
    await this.redis.set(this.versionKey(userId), randomUUID(), 'EX', VERSION_TTL_SECONDS, 'NX');
    return { version: (await this.redis.get(this.versionKey(userId))) ?? '' };
  }

  async store(userId: string, version: string, view: InboxView): Promise<void> {
    if (!version) return;
    await this.redis.set(this.viewKey(userId), `${version}\n${view.unreadCount}\n${view.json}`, 'EX', VIEW_TTL_SECONDS);
  }
}

export class PageCache {
  constructor(private readonly redis: Redis) {}

  private key(conversationId: string, rev: number): string {
    return `chat:page:${conversationId}:${rev}`;
  }

  async read(conversationId: string, rev: number): Promise<StoredMessage[] | undefined> {
    const stored = await this.redis.get(this.key(conversationId, rev));
    return stored ? (JSON.parse(stored) as StoredMessage[]) : undefined;
  }

  async store(conversationId: string, rev: number, messages: StoredMessage[]): Promise<void> {
    await this.redis.set(this.key(conversationId, rev), JSON.stringify(messages), 'EX', PAGE_TTL_SECONDS);
  }
}
