/**
 * The Lua scripts of the live streams. Each runs atomically in Redis, so a user's replay buffer and the
 * published copies are always in the same order, and checks and writes of the per-user cap cannot
 * interleave between gateway instances.
 */
import type Redis from 'ioredis';
import type { ChainableCommander } from 'ioredis';

/**
 * Appends an event to the user's capped stream, refreshes its expiry, and publishes it with its new id.
 * KEYS[1] stream; ARGV: max length, ttl seconds, channel, user id, type, session id ('' for all), body JSON.
 * The published message is `user \n id \n type \n session \n body`.
 */
const PUBLISH = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 't', ARGV[5], 's', ARGV[6], 'b', ARGV[7])
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('PUBLISH', ARGV[3], ARGV[4] .. '\\n' .. id .. '\\n' .. ARGV[5] .. '\\n' .. ARGV[6] .. '\\n' .. ARGV[7])
return id
`;

/**
 * The stream's current position: its last entry's id, or (no entry) an id just before Redis's clock, which
 * every later entry follows. KEYS[1] stream.
 */
const POSITION = `
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
if #last > 0 then return last[1][1] end
local t = redis.call('TIME')
return string.format('%.0f', tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) - 1) .. '-0'
`;

/**
 * What a reconnecting client missed after ARGV[1] (at most ARGV[2] entries), with what is needed to tell
 * whether some of it is gone: { now ms, exists, trimmed (1 when entries were trimmed from the head),
 * first kept id, last generated id, entries }. Trimming removes the oldest entries, so an id before the
 * first kept one has lost events exactly when something was trimmed.
 */
const READ_AFTER = `
local t = redis.call('TIME')
local now = string.format('%.0f', tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000))
if redis.call('EXISTS', KEYS[1]) == 0 then return { now, 0, 0, '0-0', '0-0', {} } end
local info = redis.call('XINFO', 'STREAM', KEYS[1])
local added, length, first, last = 0, 0, '0-0', '0-0'
for i = 1, #info, 2 do
  local name = info[i]
  if name == 'entries-added' then added = info[i + 1]
  elseif name == 'length' then length = info[i + 1]
  elseif name == 'first-entry' and info[i + 1] then first = info[i + 1][1]
  elseif name == 'last-generated-id' then last = info[i + 1] end
end
local trimmed = 0
if added > length then trimmed = 1 end
return { now, 1, trimmed, first, last, redis.call('XRANGE', KEYS[1], '(' .. ARGV[1], '+', 'COUNT', ARGV[2]) }
`;

/**
 * Takes one of the user's stream slots unless all are taken; slots of streams whose gateway stopped
 * refreshing them (a crash) expire. KEYS[1] slots; ARGV: slot id, limit, slot lifetime ms.
 */
const TAKE_SLOT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

/** Keeps a slot alive. KEYS[1] slots; ARGV: slot id, slot lifetime ms. */
const REFRESH_SLOT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

type Reply<T> = Promise<T>;
export type RawEntry = [id: string, fields: string[]];
export type ReadAfterReply = [
  now: string,
  exists: number,
  trimmed: number,
  first: string,
  last: string,
  entries: RawEntry[],
];

export interface LiveCommands {
  livePublish(
    key: string,
    maxLen: number,
    ttl: number,
    channel: string,
    userId: string,
    type: string,
    sessionId: string,
    body: string,
  ): Reply<string>;
  livePosition(key: string): Reply<string>;
  liveReadAfter(key: string, after: string, count: number): Reply<ReadAfterReply>;
  liveTakeSlot(key: string, slot: string, limit: number, lifetimeMs: number): Reply<number>;
  liveRefreshSlot(key: string, slot: string, lifetimeMs: number): Reply<number>;
}
export type LiveRedis = Redis & LiveCommands;
export type LivePipeline = ChainableCommander & {
  [K in keyof LiveCommands]: (...args: Parameters<LiveCommands[K]>) => LivePipeline;
};

/** Defines the scripts on a connection (once; ioredis sends each by its SHA after the first call). */
export function withLiveCommands(redis: Redis): LiveRedis {
  const defined = redis as LiveRedis & { __liveCommands?: true };
  if (defined.__liveCommands) return defined;
  redis.defineCommand('livePublish', { numberOfKeys: 1, lua: PUBLISH });
  redis.defineCommand('livePosition', { numberOfKeys: 1, lua: POSITION });
  redis.defineCommand('liveReadAfter', { numberOfKeys: 1, lua: READ_AFTER });
  redis.defineCommand('liveTakeSlot', { numberOfKeys: 1, lua: TAKE_SLOT });
  redis.defineCommand('liveRefreshSlot', { numberOfKeys: 1, lua: REFRESH_SLOT });
  defined.__liveCommands = true;
  return defined;
}
