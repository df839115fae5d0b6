/**
 * Which signed-in users are blocked, checked on every call. Redis holds the truth (written by auth when
 * an admin blocks someone); this instance caches answers briefly and drops an entry as soon as a
 * `user_status_changed` event says it changed.
 */
import { randomUUID } from 'node:crypto';
import { naturallyIdempotent, type EventBus, type SessionStore } from '@safarsaathi/platform';

export class BlockedUsers {
  private readonly cache = new Map<string, { reason: string | null; until: number }>();

  constructor(
    private readonly sessions: SessionStore,
    private readonly ttlMs = 5_000,
  ) {}

  async reasonFor(userId: string): Promise<string | null> {
    const cached = this.cache.get(userId);
    if (cached && cached.until > Date.now()) return cached.reason;
    const reason = await this.sessions.blockedReason(userId);
    this.cache.set(userId, { reason, until: Date.now() + this.ttlMs });
    if (this.cache.size > 50_000) this.cache.clear();
    return reason;
  }

  invalidate(userId: string): void {
    this.cache.delete(userId);
  }

  /** Each gateway instance listens with its own group: every instance must drop its own cache entry. */
  async listen(bus: EventBus): Promise<void> {
    await bus.subscribe({
      groupId: `gateway-${randomUUID()}`,
      fromBeginning: false,
      store: naturallyIdempotent,
      handlers: { user_status_changed: async (event) => this.invalidate(event.data.userId) },
    });
  }
}
