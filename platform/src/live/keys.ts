/** Redis names of the live streams; `prefix` is LIVE_PREFIX (tests use one per run). */
export interface LiveKeys {
  /** The user's capped stream of events (replay buffer). */
  stream: (userId: string) => string;
  /** The one channel every event is published on; each gateway process subscribes to it once. */
  channel: string;
  /** The user's open streams on all gateway instances (per-user cap), a sorted set by expiry time. */
  streamSlots: (userId: string) => string;
  /** The open streams of one client network (an IPv4 address, an IPv6 /64: ipSubject) on all instances. */
  networkSlots: (subject: string) => string;
  /** The open family-link streams of one client network on all instances (counted apart from users'). */
  sharedNetworkSlots: (subject: string) => string;
}

export function liveKeys(prefix: string): LiveKeys {
  return {
    stream: (userId) => `${prefix}:stream:${userId}`,
    channel: `${prefix}:events`,
    streamSlots: (userId) => `${prefix}:slots:${userId}`,
    networkSlots: (subject) => `${prefix}:network-slots:${subject}`,
    sharedNetworkSlots: (subject) => `${prefix}:shared-network-slots:${subject}`,
  };
}
