/**
 * Web Push delivery (addendum §3): a notification of a push-worthy kind (contracts `pushRouteOf`) or a chat
 * message not seen in time becomes one `push` job per (user, cause), with a deterministic id, so a
 * redelivered event queues nothing twice. The worker sends it to each of the user's devices if the user
 * wants that kind, in the user's language, encrypted (RFC 8291 aes128gcm) and signed (VAPID, RFC 8292) by the
 * `web-push` library. This service makes the HTTP request itself, so that the connection resolves the
 * push service's name through publicOnlyLookup (SSRF) and the tests' receiver can be plain http.
 *
 * A 404 or 410 from the push service removes that device; a device that answered is remembered in the job,
 * so a retry (a 429, a 5xx, a network error) reaches only the devices still owed.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { Job, Queue } from 'bullmq';
import webpush from 'web-push';
import {
  DEFAULT_PUSH_PREFERENCES,
  UNREAD_MESSAGE_PUSH,
  unreadMessagePushText,
  notificationLink,
  notificationText,
  pushJobSchema,
  pushRouteOf,
  type Locale,
  type PushJob,
  type PushPayload,
} from '@safarsaathi/contracts';
import { jobId, traced, type DocumentLocks, type Logger } from '@safarsaathi/platform';
import type { NewNotification } from '../persistence/notifications';
import type { PushDevice, PushDevices, PushStore } from '../persistence/push';
import { findRecipient, type RecipientModel } from '../persistence/recipients';
import { checkEndpointUrl, publicOnlyLookup } from './push-endpoint';
import { forgetDevice } from './push-subscriptions';

/** Long enough that a phone switched off overnight still gets the trip day's news. */
const PUSH_TTL_SECONDS = 24 * 3600;
/** A completed job is kept this long, so a late redelivery of its event finds it and queues nothing. */
const KEEP_DONE_SECONDS = 7 * 24 * 3600;

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface PushDeliveryDeps extends PushStore {
  locks: DocumentLocks;
  logger: Logger;
  recipients: RecipientModel;
  vapid: VapidDetails;
  testReceiverOrigin: string;
  /** https connections to push services: only public addresses (publicOnlyLookup). */
  agent: https.Agent;
  timeoutMs?: number;
}

export function pushAgent(): https.Agent {
  return new https.Agent({ keepAlive: true, maxSockets: 32, lookup: publicOnlyLookup });
}

const shortHash = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

export async function enqueuePush(queue: Queue<PushJob>, job: PushJob, cause: string): Promise<void> {
  await queue.add('push', traced(pushJobSchema.parse(job)), {
    jobId: jobId('push', job.userId, shortHash(cause)),
    removeOnComplete: { age: KEEP_DONE_SECONDS },
  });
}

/** The generic hook: a new in-app notification of a kind that is pushed queues its push. */
export async function pushForNotification(queue: Queue<PushJob>, record: NewNotification): Promise<void> {
  const route = pushRouteOf(record.text.key, record.notification_type);
  if (!route) return;
  await enqueuePush(
    queue,
    {
      userId: record.userId,
      kind: route.kind,
      // The place the notice opens in the bell (the request's card), so the push and the bell agree.
      url: notificationLink(record.text, record.notification_type),
      tag: `${route.kind}-${shortHash(record.sourceKey)}`,
      text: { notification: record.text },
    },
    // An updated notice pushes each revision; its tag makes the newest replace the last on the device.
    record.revision
      ? `notification:${record.sourceKey}:${record.revision}`
      : `notification:${record.sourceKey}`,
  );
}

/** The push for a chat message still unread after the push delay; one per message and recipient. */
export async function pushUnreadMessage(
  queue: Queue<PushJob>,
  recipientId: string,
  conversationId: string,
  messageId: string,
): Promise<void> {
  const { route } = UNREAD_MESSAGE_PUSH;
  await enqueuePush(
    queue,
    {
      userId: recipientId,
      kind: route.kind,
      url: route.url,
      // One conversation's pushes replace each other on the device.
      tag: `message-${shortHash(conversationId)}`,
      text: { unreadMessage: true },
    },
    `message:${messageId}`,
  );
}

export type PushOutcome = 'no-device' | 'turned-off' | 'no-recipient' | 'sent';
type DeviceOutcome = 'sent' | 'gone' | 'refused' | 'rejected' | 'retry';

export async function deliverPush(deps: PushDeliveryDeps, job: Job<PushJob>): Promise<PushOutcome> {
  const data = pushJobSchema.parse(job.data);
  const doc = await deps.devices.findOne({ _id: data.userId }).lean<PushDevices>();
  const owed = (doc?.devices ?? []).filter((device) => !data.delivered.includes(device.id));
  if (owed.length === 0) return 'no-device';
  if (!{ ...DEFAULT_PUSH_PREFERENCES, ...doc?.preferences }[data.kind]) return 'turned-off';
  const recipient = await findRecipient(deps.recipients, data.userId);
  if (recipient?.deleted) return 'no-recipient';
  const payload = render(data, recipient?.locale ?? 'en');

  const delivered = [...data.delivered];
  let owing = 0;
  for (const device of owed) {
    const outcome = await sendToDevice(deps, device, payload, data.kind === 'message' ? data.tag : undefined);
    if (outcome === 'retry') {
      owing += 1;
      continue;
    }
    delivered.push(device.id);
    if (outcome === 'gone' || outcome === 'refused') await forgetDevice(deps, data.userId, device.id);
    if (outcome !== 'sent')
      deps.logger.info({ outcome, userId: data.userId }, 'push device dropped or refused the push');
  }
  if (owing > 0) {
    await job.updateData({ ...data, delivered });
    throw new Error(`${owing} push device(s) could not be reached; the job is tried again`);
  }
  return 'sent';
}

/** Title, short body and the screen to open, in the user's language: never a message text, e-mail or phone. */
function render(data: ReturnType<typeof pushJobSchema.parse>, locale: Locale): PushPayload {
  const text =
    'notification' in data.text
      ? (({ title, message }) => ({ title, body: message }))(notificationText(data.text.notification, locale))
      : unreadMessagePushText(locale);
  return {
    title: text.title.slice(0, 120),
    body: text.body.slice(0, 400),
    url: data.url,
    kind: data.kind,
    tag: data.tag,
  };
}

async function sendToDevice(
  deps: PushDeliveryDeps,
  device: PushDevice,
  payload: PushPayload,
  topicOf?: string,
): Promise<DeviceOutcome> {
  // Checked again at send time: a device stored before a rule was tightened is not sent to either.
  const checked = checkEndpointUrl(device.endpoint, deps.testReceiverOrigin);
  if (!checked.ok) return 'refused';
  const request = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: deps.vapid,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: payload.kind === 'match' ? 'normal' : 'high',
      // The push service keeps only the newest undelivered push of one topic (RFC 8030 §5.4).
      ...(topicOf ? { topic: shortHash(topicOf) } : {}),
    },
  );
  try {
    const status = await post(deps, checked.url, checked.testReceiver, request.headers, request.body);
    if (status >= 200 && status < 300) return 'sent';
    if (status === 404 || status === 410) return 'gone';
    if (status === 429 || status >= 500) return 'retry';
    deps.logger.warn({ status }, 'a push service refused a push');
    return 'rejected';
  } catch (error) {
    if ((error as { code?: string }).code === 'EPUSHNOTPUBLIC') {
      deps.logger.warn(
        { host: checked.url.hostname },
        'a push endpoint resolved to an address that is not public',
      );
      return 'refused';
    }
    deps.logger.debug({ err: error }, 'push service not reached');
    return 'retry';
  }
}

function post(
  deps: PushDeliveryDeps,
  url: URL,
  testReceiver: boolean,
  headers: Record<string, string | number>,
  body: Buffer | null,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const options = { method: 'POST', headers, timeout: deps.timeoutMs ?? 10_000 };
    const onResponse = (response: http.IncomingMessage) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    };
    // Plain http only for the tests' receiver; everything else goes through the public-only agent.
    const req = testReceiver
      ? (url.protocol === 'https:' ? https : http).request(url, options, onResponse)
      : https.request(url, { ...options, agent: deps.agent }, onResponse);
    req.on('timeout', () => req.destroy(new Error('push service timed out')));
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}
