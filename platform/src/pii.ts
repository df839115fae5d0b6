/**
 * Crypto-shredding of personal fields (issue 40, docs/decisions.md "Erasure that leaves nothing"). Every
 * string field contracts' PERSONAL_FIELDS names is sealed (AES-256-GCM) under its subject's key before an
 * event leaves its producer, and opened when a consumer reads it. Topics keep their history for ever
 * (`retention.ms=-1`), so erasing a person means destroying their key: every copy of their fields on every
 * topic, dead-letter topic and consumer's replay becomes unreadable at once, and reads as erased ('').
 *
 * Keys: one random 256-bit key per subject (a user id, or `case:<id>`) in Redis under `pii:key:<subject>`,
 * created by the first producer that needs it (get-or-create in one script, so two producers agree). Erasing
 * replaces it with a tombstone, so no producer can make a new key for an erased person, and publishes the
 * subject on `pii:erased`: every keyring with a subscriber drops its cached copy at once. Keys are cached per
 * process (ten minutes; tombstones until evicted), so sealing and opening cost a Map lookup and the cipher.
 *
 * A sealed field is a string, so sealed events still satisfy the catalogue's schemas: `pii1|<subjects>|#<i>`,
 * the i-th text of its group; the envelope's `sealed[<subjects>]` holds the group's ciphertext,
 * base64url(iv ‖ tag ‖ AES-256-GCM of the texts as a JSON array), bound to the event id and the subjects
 * (additional data). One cipher per group of subjects and event, not one per field: creating a cipher is
 * most of the cost (bench/pii.ts). Opening needs no rules: every string that starts with the prefix is
 * opened from the envelope's groups, whatever the event's version.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import {
  PERSONAL_FIELDS,
  type EventEnvelope,
  type EventType,
  type PersonalFieldRule,
} from '@safarsaathi/contracts';

export const SEALED_PREFIX = 'pii1|';
/** What an opened field reads when its subject was erased (or its key is missing): nothing. */
export const ERASED_VALUE = '';
export const PII_ERASED_CHANNEL = 'pii:erased';
const TOMBSTONE = 'erased';
const KEY_TTL_MS = 10 * 60_000;
const MAX_CACHED = 100_000;

export const piiKeyName = (subject: string) => `pii:key:${subject}`;

// KEYS[1]: the subject's key. ARGV[1]: a fresh key, used only when there is none (nor a tombstone).
const GET_OR_CREATE = `
local current = redis.call('GET', KEYS[1])
if current then return current end
redis.call('SET', KEYS[1], ARGV[1])
return ARGV[1]
`;

interface Cached {
  key: Buffer | null;
  at: number;
}

export interface PiiKeyringOptions {
  /** A second connection for the erasure channel (subscribing blocks a connection); without it, cache TTL only. */
  subscriber?: Redis;
  /** Close the connections with the keyring (when it made them itself). */
  ownsConnections?: boolean;
  cacheTtlMs?: number;
}

/** The per-subject keys, cached in this process. */
export class PiiKeyring {
  private readonly cache = new Map<string, Cached>();
  private readonly ttlMs: number;
  private subscribed: Promise<void> | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly options: PiiKeyringOptions = {},
  ) {
    this.ttlMs = options.cacheTtlMs ?? KEY_TTL_MS;
    const subscriber = options.subscriber;
    if (subscriber) {
      subscriber.on('message', (channel: string, subject: string) => {
        if (channel === PII_ERASED_CHANNEL) this.remember(subject, null);
      });
      // A reconnect may have missed erasures: forget every live key (tombstones stay true).
      subscriber.on('ready', () => {
        for (const [subject, entry] of this.cache) if (entry.key) this.cache.delete(subject);
      });
      this.subscribed = subscriber.subscribe(PII_ERASED_CHANNEL).then(
        () => undefined,
        () => undefined,
      );
    }
  }

  /** A subject's key (made when `create` and there is none yet); null when the subject was erased or has none. */
  async keyOf(subject: string, create: boolean): Promise<Buffer | null> {
    const cached = this.cache.get(subject);
    // An erasure is for good; a live key is trusted for a while (the erasure channel drops it sooner).
    if (cached && (cached.key === null || Date.now() - cached.at < this.ttlMs)) return cached.key;
    const stored = create
      ? ((await this.redis.eval(
          GET_OR_CREATE,
          1,
          piiKeyName(subject),
          randomBytes(32).toString('base64'),
        )) as string)
      : await this.redis.get(piiKeyName(subject));
    // Never created (nothing was ever sealed for it) reads like erased, but is not remembered as erased.
    if (stored === null) return null;
    const key = stored === TOMBSTONE ? null : Buffer.from(stored, 'base64');
    this.remember(subject, key);
    return key;
  }

  /** Destroys the subject's key for good (and tells every keyring); what was sealed under it is unreadable. */
  async erase(subject: string): Promise<void> {
    await this.redis.multi().set(piiKeyName(subject), TOMBSTONE).publish(PII_ERASED_CHANNEL, subject).exec();
    this.remember(subject, null);
  }

  /** Drops a cached key (the next use reads Redis). */
  forget(subject: string): void {
    this.cache.delete(subject);
  }

  /** Resolves once the erasure channel is subscribed (tests). */
  async ready(): Promise<void> {
    await this.subscribed;
  }

  async close(): Promise<void> {
    if (this.options.subscriber) await this.options.subscriber.quit().catch(() => undefined);
    if (this.options.ownsConnections) await this.redis.quit().catch(() => undefined);
  }

  private remember(subject: string, key: Buffer | null): void {
    this.cache.delete(subject);
    this.cache.set(subject, { key, at: Date.now() });
    if (this.cache.size > MAX_CACHED) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }
}

/** A keyring on its own connections to `url` (the gateway's and tests' buses; services pass theirs). */
export async function openKeyring(url: string): Promise<PiiKeyring> {
  const redis = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
  const subscriber = redis.duplicate();
  redis.on('error', () => undefined);
  subscriber.on('error', () => undefined);
  return new PiiKeyring(redis, { subscriber, ownsConnections: true });
}

// ---- sealing ----

function validSubject(subject: string): string {
  if (!subject || /[|,#]/.test(subject)) throw new Error(`pii: bad key subject ${JSON.stringify(subject)}`);
  return subject;
}

/** One key for several subjects: each erasure alone destroys it. */
function combinedKey(keys: Buffer[]): Buffer {
  let key = keys[0]!;
  for (const next of keys.slice(1)) key = createHmac('sha256', key).update(next).digest();
  return key;
}

/** IVs from a pool of random bytes (one getrandom call per 341 IVs instead of one each). */
let ivPool = Buffer.alloc(0);
function nextIv(): Buffer {
  if (ivPool.length < 12) ivPool = randomBytes(12 * 341);
  const iv = ivPool.subarray(0, 12);
  ivPool = ivPool.subarray(12);
  return iv;
}

/** The additional data a sealed group is bound to: its event and its subjects. */
const aadOf = (eventId: string, label: string) => Buffer.from(`${eventId}|${label}`);

function encrypt(texts: string[], key: Buffer, eventId: string, label: string): string {
  const iv = nextIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aadOf(eventId, label));
  const body = Buffer.concat([cipher.update(JSON.stringify(texts), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function decrypt(payload: string, key: Buffer, eventId: string, label: string): string[] | null {
  try {
    const raw = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(aadOf(eventId, label));
    decipher.setAuthTag(raw.subarray(12, 28));
    const texts = JSON.parse(
      Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'),
    ) as unknown;
    return Array.isArray(texts) && texts.every((text) => typeof text === 'string') ? texts : null;
  } catch {
    return null;
  }
}

/** Whether a value is a sealed field (`pii1|<subjects>|#<index>`). */
export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(SEALED_PREFIX);
}

type Json = Record<string, unknown>;

/** Applies `change` to each string at `path` (dots; `name[]` walks an array), copying only what it changes. */
function mapPath(
  value: unknown,
  parts: string[],
  change: (text: string, item: unknown) => string,
  item: unknown,
): unknown {
  if (parts.length === 0) return typeof value === 'string' ? change(value, item) : value;
  if (value === null || typeof value !== 'object') return value;
  const [head, ...rest] = parts as [string, ...string[]];
  const field = head.endsWith('[]') ? head.slice(0, -2) : head;
  const object = value as Json;
  const current = object[field];
  const next = head.endsWith('[]')
    ? Array.isArray(current)
      ? current.map((element) => mapPath(element, rest, change, element))
      : current
    : mapPath(current, rest, change, item);
  return next === current ? value : { ...object, [field]: next };
}

type SubjectOf = (data: Json, item?: unknown) => string | readonly string[];

/** Each personal field of the event, in rule order, with its subjects; `replace` gives its new value. */
function walkPersonal(envelope: EventEnvelope, replace: (text: string, subjects: string[]) => string): Json {
  const rules = PERSONAL_FIELDS[envelope.type as EventType] as
    ReadonlyArray<PersonalFieldRule<Json>> | undefined;
  let data = envelope.data as Json;
  for (const rule of rules ?? []) {
    for (const path of rule.fields) {
      data = mapPath(
        data,
        path.split('.'),
        (text, item) => {
          const owner = (rule.subject as SubjectOf)(envelope.data as Json, item);
          return replace(text, [...new Set(typeof owner === 'string' ? [owner] : owner)].sort());
        },
        undefined,
      ) as Json;
    }
  }
  return data;
}

/** A sealed envelope: `data` names its sealed fields, `sealed` holds one ciphertext per group of subjects. */
export type SealedEnvelope = EventEnvelope & { sealed?: Record<string, string> };

/**
 * The envelope with its personal fields sealed (a new object: the outbox removes published events by their
 * exact stored value, so the original is never changed). The fields of one subject (or group of subjects)
 * are encrypted together, once per event: each field becomes `pii1|<subjects>|#<index>` and the envelope's
 * `sealed[<subjects>]` the ciphertext of all of them, bound to the event id. A subject erased already gets
 * the erased value, and nothing is sealed for it.
 */
export async function sealEnvelope(envelope: EventEnvelope, keyring: PiiKeyring): Promise<SealedEnvelope> {
  if (!PERSONAL_FIELDS[envelope.type as EventType]) return envelope;
  const groups = new Map<string, { subjects: string[]; texts: string[] }>();
  walkPersonal(envelope, (text, subjects) => {
    if (isSealed(text)) return text;
    const label = subjects.map(validSubject).join(',');
    const group = groups.get(label) ?? { subjects, texts: [] };
    group.texts.push(text);
    groups.set(label, group);
    return text;
  });
  if (groups.size === 0) return envelope;
  const sealed: Record<string, string> = {};
  const erased = new Set<string>();
  for (const [label, { subjects, texts }] of groups) {
    const keys = await Promise.all(subjects.map((subject) => keyring.keyOf(subject, true)));
    if (keys.some((key) => key === null)) erased.add(label);
    else sealed[label] = encrypt(texts, combinedKey(keys as Buffer[]), envelope.id, label);
  }
  const next = new Map<string, number>();
  const data = walkPersonal(envelope, (text, subjects) => {
    if (isSealed(text)) return text;
    const label = subjects.join(',');
    if (erased.has(label)) return ERASED_VALUE;
    const index = next.get(label) ?? 0;
    next.set(label, index + 1);
    return `${SEALED_PREFIX}${label}|#${index}`;
  });
  return { ...envelope, data, ...(Object.keys(sealed).length > 0 ? { sealed } : {}) };
}

/**
 * The envelope (any JSON value holding one) with its sealed fields opened: the texts, or ERASED_VALUE where
 * a subject was erased, its key is missing or the ciphertext is damaged. `sealed` is removed. Answers the
 * same object when nothing is sealed.
 */
export async function openSealed<T>(value: T, keyring: PiiKeyring): Promise<T> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const envelope = value as unknown as SealedEnvelope;
  const groups = envelope.sealed;
  if (!groups || typeof groups !== 'object') return value;
  const opened = new Map<string, string[] | null>();
  for (const [label, payload] of Object.entries(groups)) {
    const keys = await Promise.all(label.split(',').map((subject) => keyring.keyOf(subject, false)));
    opened.set(
      label,
      keys.some((key) => key === null) || typeof payload !== 'string'
        ? null
        : decrypt(payload, combinedKey(keys as Buffer[]), String(envelope.id), label),
    );
  }
  const { sealed: _sealed, ...rest } = envelope;
  return { ...rest, data: openStrings(envelope.data, opened) } as unknown as T;
}

/** Every sealed string under `value` replaced by its text (any depth). */
function openStrings(value: unknown, opened: Map<string, string[] | null>): unknown {
  if (isSealed(value)) {
    const [, label = '', ref = ''] = value.split('|');
    const index = ref.startsWith('#') ? Number(ref.slice(1)) : NaN;
    return opened.get(label)?.[index] ?? ERASED_VALUE;
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((element) => openStrings(element, opened));
  return Object.fromEntries(Object.entries(value).map(([field, item]) => [field, openStrings(item, opened)]));
}

/** Whether a message holds sealed fields (cheap check before opening: most events carry none). */
export function hasSealed(raw: string): boolean {
  return raw.includes(SEALED_PREFIX);
}

/**
 * The envelope with every personal field of `subject` erased (a new object), for events still staged in an
 * outbox when their subject is erased: they go out without the person in them, whether the key is gone yet
 * or not. Events without such a field are returned as they are.
 */
export function eraseSubjectFields(envelope: EventEnvelope, subject: string): EventEnvelope {
  if (!PERSONAL_FIELDS[envelope.type as EventType]) return envelope;
  const data = walkPersonal(envelope, (text, subjects) => (subjects.includes(subject) ? ERASED_VALUE : text));
  return data === envelope.data ? envelope : { ...envelope, data };
}
