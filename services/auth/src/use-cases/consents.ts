/**
 * Consents per purpose (issue 40, spec §4): `GET /api/me/consents` and `PUT /api/me/consents/{purpose}`.
 * The user document keeps the current choice per purpose and the history of every choice (appended, never
 * edited); each change stages `consent_changed` in the same write, so the notifications and companion
 * services act on it as soon as the relay publishes it (they keep the highest `version` per purpose).
 */
import {
  CONSENT_PURPOSES,
  PRIVACY_MESSAGES,
  defaultConsent,
  type ConsentHistoryEntry,
  type ConsentPurpose,
  type ConsentState,
  type ConsentsResponse,
  type EventEnvelope,
  type Identity,
} from '@safarsaathi/contracts';
import { conflict, outboxEvent, stageEvents, tooManyRequests, unauthorized } from '@safarsaathi/platform';
import { userLockKey } from '../persistence/users';
import type { AuthContext } from './context';

/** What the user document keeps of a purpose once chosen. */
interface StoredConsent {
  granted: boolean;
  updated_at: Date;
}

interface StoredHistoryEntry {
  purpose: ConsentPurpose;
  granted: boolean;
  at: Date;
  source: ConsentHistoryEntry['source'];
}

interface ConsentFields {
  email_consent?: boolean | null;
  registered_at?: Date | null;
  created_at?: Date | null;
  consents?: Partial<Record<ConsentPurpose, StoredConsent>> | null;
  consent_history?: StoredHistoryEntry[] | null;
  consents_version?: number | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Each purpose as it stands: the user's choice, else its default since the account began. */
export function consentStates(user: ConsentFields): ConsentState[] {
  const since = user.registered_at ?? user.created_at ?? new Date(0);
  return CONSENT_PURPOSES.map((purpose) => {
    const chosen = user.consents?.[purpose];
    return chosen
      ? { purpose, granted: chosen.granted, updated_at: iso(chosen.updated_at) }
      : { purpose, granted: defaultConsent(purpose, user.email_consent === true), updated_at: iso(since) };
  });
}

export function consentsView(user: ConsentFields): ConsentsResponse {
  return {
    consents: consentStates(user),
    history: (user.consent_history ?? []).map((entry) => ({
      purpose: entry.purpose,
      granted: entry.granted,
      at: iso(entry.at),
      source: entry.source,
    })),
  };
}

/**
 * The update that records `choices` (one history entry and one consent_changed each), with the events to
 * stage; choices equal to what stands are left out (nothing changed, nothing to tell).
 */
export function recordChoices(
  user: ConsentFields,
  userId: string,
  choices: Partial<Record<ConsentPurpose, boolean>>,
  source: ConsentHistoryEntry['source'],
  at: Date,
): { set: Record<string, unknown>; history: StoredHistoryEntry[]; events: EventEnvelope[] } {
  const standing = new Map(consentStates(user).map((state) => [state.purpose, state.granted]));
  let version = user.consents_version ?? 0;
  const set: Record<string, unknown> = {};
  const history: StoredHistoryEntry[] = [];
  const events: EventEnvelope[] = [];
  for (const purpose of CONSENT_PURPOSES) {
    const granted = choices[purpose];
    // Registration records what was given there even when it equals the default: that is the consent.
    if (granted === undefined || (source === 'settings' && standing.get(purpose) === granted)) continue;
    version += 1;
    set[`consents.${purpose}`] = { granted, updated_at: at };
    history.push({ purpose, granted, at, source });
    events.push(
      outboxEvent('auth', 'consent_changed', userId, {
        userId,
        purpose,
        granted,
        at: at.toISOString(),
        version,
      }),
    );
  }
  if (events.length > 0) set.consents_version = version;
  return { set, history, events };
}

export async function getConsents(ctx: AuthContext, identity: Identity): Promise<ConsentsResponse> {
  const user = await ctx.users.findById(identity.userId).lean<ConsentFields & { deleted?: boolean }>();
  if (!user || user.deleted) throw unauthorized();
  return consentsView(user);
}

/**
 * PUT /api/me/consents/{purpose}: as easy to withdraw as to give. Sign-in e-mails are the account itself:
 * withdrawing them is refused (409) with the way out, deleting the account. Choosing what stands already
 * changes nothing (no history entry, no event).
 */
export async function setConsent(
  ctx: AuthContext,
  identity: Identity,
  purpose: ConsentPurpose,
  granted: boolean,
): Promise<{ success: true; consent: ConsentState }> {
  if (purpose === 'login_emails' && !granted) throw conflict(PRIVACY_MESSAGES.loginEmailsRequired);
  const hit = await ctx.consentChanges.hit(identity.userId);
  if (!hit.allowed) throw tooManyRequests(PRIVACY_MESSAGES.tooManyChanges, hit.retryAfterSeconds);
  let changed = false;
  const written = await ctx.locks.around(userLockKey(identity.userId), async () => {
    const user = await ctx.users.findById(identity.userId).lean<ConsentFields & { deleted?: boolean }>();
    if (!user || user.deleted) throw unauthorized();
    const { set, history, events } = recordChoices(
      user,
      identity.userId,
      { [purpose]: granted },
      'settings',
      new Date(),
    );
    if (events.length === 0) return user;
    changed = true;
    await ctx.users.updateOne(
      { _id: identity.userId },
      stageEvents(events, { $set: set, $push: { consent_history: { $each: history } } }),
    );
    return { ...user, consents: { ...user.consents, [purpose]: { granted, updated_at: history[0]!.at } } };
  });
  if (changed) ctx.flushOutbox({ model: ctx.users, id: identity.userId });
  // A choice that changed nothing does not count against the hour's changes.
  else await hit.release();
  return { success: true, consent: consentStates(written).find((state) => state.purpose === purpose)! };
}
