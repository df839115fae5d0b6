/**
 * A fix for kafkajs 2.2.4's idle connections (tulios/kafkajs#1556, #1704; fix proposed in PR #1667, not
 * released): after its first answer, every broker connection's request queue re-arms a timer with a negative
 * delay whenever nothing is pending, i.e. a 1 ms timer loop that never stops. Each service holds several
 * connections, so an idle service spent ≈ 3 % of a core on it (profiled: `scheduleCheckPendingRequests`
 * and Node's timer list), seven services ≈ a fifth of a core doing nothing, in production and in every test.
 *
 * The fix is the proposed one: a check is scheduled only while requests are pending (the only thing the
 * timer is for: waiting out a broker's throttle, or retrying soon); an answer or a timed-out request checks
 * the queue itself, as before. It replaces one method on the library's own class, so every client in the
 * process gets it once `fixIdleKafkaConnections()` has run (the event bus, the tests' topic reader and the
 * infra probes call it before creating a client). Written against 2.2.4's
 * source: another version is left as it is, and the unit test names the version it checked.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The kafkajs versions whose request queue this fix was written against. */
export const FIXED_KAFKAJS_VERSIONS = ['2.2.4'];

/** Where a pending request is checked again when no throttle says when (kafkajs' own constant). */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

interface RequestQueueInternals {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

type RequestQueueClass = { prototype: RequestQueueInternals };

const fromKafkajs = createRequire(require.resolve('kafkajs'));

/** kafkajs' RequestQueue class: the same module instance its connections use. */
export function kafkajsRequestQueue(): RequestQueueClass {
  return fromKafkajs('./src/network/requestQueue') as RequestQueueClass;
}

export function installedKafkajsVersion(): string {
  const manifest = fromKafkajs.resolve('./package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

function scheduleCheckPendingRequests(this: RequestQueueInternals): void {
  if (this.pending.length === 0 || this.throttleCheckTimeoutId) return;
  const throttledFor = this.throttledUntil - Date.now();
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    throttledFor > 0 ? throttledFor : CHECK_PENDING_REQUESTS_INTERVAL_MS,
  );
}

let applied = false;

/** Puts the fix in place (once per process); false when the installed kafkajs is not a version it fits. */
export function fixIdleKafkaConnections(): boolean {
  if (applied) return true;
  if (!FIXED_KAFKAJS_VERSIONS.includes(installedKafkajsVersion())) return false;
  kafkajsRequestQueue().prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
  applied = true;
  return true;
}
