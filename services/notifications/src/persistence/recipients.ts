/**
 * Who to e-mail, whether they agreed to e-mails, and in which language: a projection of registered users
 * (user_registered; the language also from profile_updated). `_id` = user id (collection
 * `email_recipients`; the older `recipients`, keyed by ObjectId with a `userId` field, is merged in by the
 * start-up migration), so every lookup is the one filter FerretDB hands to SQLite. Written with
 * `revisedWrite`, so concurrent writers of one recipient never lose an update. user_deleted leaves a
 * tombstone without address or name, so nothing arriving later brings the address back.
 */
import { Schema, type Connection, type Model } from 'mongoose';
import { LOCALES, defaultConsent, type EventData, type Locale } from '@safarsaathi/contracts';
import { revisedWrite, type DocumentLocks, type Revised } from '@safarsaathi/platform';

export interface Recipient extends Revised {
  /** Missing while only a language change is known (its profile_updated came before user_registered). */
  email?: string;
  fullname: string;
  /** The user agreed to e-mails beyond sign-in codes (user_registered); without it no unread-message e-mail. */
  emailConsent: boolean;
  /** The language the user's e-mails are written in. */
  locale: Locale;
  /** When the user chose `locale`: an older choice that arrives later never replaces it. */
  localeChangedAt?: Date;
  /** The user was deleted: no address, nothing written any more. */
  deleted?: boolean;
  /**
   * The privacy choices this service acts on (issue 40, consent_changed), each with the version it came
   * with: a lower version arriving later changes nothing. Missing `trip_emails`: `emailConsent` decides.
   */
  consents?: Partial<Record<'trip_emails' | 'push', { granted: boolean; version: number }>>;
}

const recipientSchema = new Schema<Recipient>(
  {
    _id: { type: String, required: true },
    rev: { type: Number, default: 0 },
    email: { type: String },
    fullname: { type: String, default: '' },
    emailConsent: { type: Boolean, default: false },
    locale: { type: String, enum: [...LOCALES], default: 'en' },
    localeChangedAt: { type: Date },
    deleted: { type: Boolean },
    consents: { type: Schema.Types.Mixed },
  },
  { collection: 'email_recipients', versionKey: false },
);

export type RecipientModel = Model<Recipient>;

export interface RecipientStore {
  model: RecipientModel;
  locks: DocumentLocks;
}

export function recipientModel(connection: Connection): RecipientModel {
  return (
    (connection.models.Recipient as RecipientModel) ??
    connection.model<Recipient>('Recipient', recipientSchema)
  );
}

const lockKey = (userId: string) => `email-recipient:${userId}`;

/** The recipient by user id (one `_id` read); a deleted one has no address. */
export async function findRecipient(model: RecipientModel, userId: string): Promise<Recipient | null> {
  return model.findOne({ _id: userId }).lean<Recipient>();
}

/**
 * Whether the recipient may get the e-mails of `trip_emails` (match, chat, trip-day and reminder e-mails):
 * their latest choice, else the sign-in form's e-mail consent (contracts `defaultConsent`).
 */
export function tripEmailsAllowed(recipient: Pick<Recipient, 'consents' | 'emailConsent'>): boolean {
  return recipient.consents?.trip_emails?.granted ?? defaultConsent('trip_emails', recipient.emailConsent);
}

/** consent_changed: the choice, kept when its version is newer than the stored one (any order, redeliveries). */
export async function applyConsent(store: RecipientStore, data: EventData<'consent_changed'>): Promise<void> {
  if (data.purpose !== 'trip_emails' && data.purpose !== 'push') return;
  const purpose = data.purpose;
  await revisedWrite(store.model, store.locks, lockKey(data.userId), data.userId, (current) => {
    const stored = current?.consents?.[purpose];
    if (current?.deleted || (stored && stored.version >= data.version)) return null;
    return { $set: { [`consents.${purpose}`]: { granted: data.granted, version: data.version } } };
  });
}

/** What user_registered (or the old layout, in the migration) knows about a recipient. */
export interface RecipientFacts {
  email?: string;
  fullname?: string;
  emailConsent?: boolean;
  locale?: Locale;
  localeChangedAt?: Date;
}

/** The language part of an update: only a choice newer than the stored one. */
function newerLocale(
  current: Recipient | null,
  locale: Locale | undefined,
  changedAt: Date | undefined,
): Record<string, unknown> {
  if (!locale || !changedAt) return {};
  const stored = current?.localeChangedAt ? new Date(current.localeChangedAt).getTime() : undefined;
  return stored !== undefined && stored >= changedAt.getTime() ? {} : { locale, localeChangedAt: changedAt };
}

/**
 * user_registered: address, name and consent, and the language when newer than the stored one. So
 * user_registered and profile_updated give the same result in any order and on redelivery.
 */
export async function rememberRecipient(
  store: RecipientStore,
  userId: string,
  facts: RecipientFacts,
): Promise<void> {
  await revisedWrite(store.model, store.locks, lockKey(userId), userId, (current) => {
    if (current?.deleted) return null;
    const set = {
      ...(facts.email !== undefined ? { email: facts.email } : {}),
      ...(facts.fullname !== undefined ? { fullname: facts.fullname } : {}),
      ...(facts.emailConsent !== undefined ? { emailConsent: facts.emailConsent } : {}),
      ...newerLocale(current, facts.locale, facts.localeChangedAt),
    };
    return Object.keys(set).length > 0 ? { $set: set } : null;
  });
}

/**
 * Keeps the latest language choice: written only when newer than the stored one. Creates the recipient
 * when it is not known yet (user_registered adds the address later).
 */
export async function applyLocale(
  store: RecipientStore,
  userId: string,
  locale: Locale,
  changedAt: Date,
): Promise<void> {
  await revisedWrite(store.model, store.locks, lockKey(userId), userId, (current) => {
    if (current?.deleted) return null;
    const set = newerLocale(current, locale, changedAt);
    return Object.keys(set).length > 0 ? { $set: set } : null;
  });
}

/**
 * The old layout's recipient (migration): fills what the new document lacks; the language by its time.
 * A recipient written since the upgrade is newer, so its address, name and consent stay.
 */
export async function mergeOldRecipient(
  store: RecipientStore,
  userId: string,
  facts: RecipientFacts,
): Promise<void> {
  await revisedWrite(store.model, store.locks, lockKey(userId), userId, (current) => {
    if (current?.deleted) return null;
    const set = {
      ...(facts.email !== undefined && !current?.email ? { email: facts.email } : {}),
      ...(facts.fullname && !current?.fullname ? { fullname: facts.fullname } : {}),
      ...(facts.emailConsent !== undefined && !current?.email ? { emailConsent: facts.emailConsent } : {}),
      ...(facts.localeChangedAt
        ? newerLocale(current, facts.locale, facts.localeChangedAt)
        : !current && facts.locale
          ? { locale: facts.locale }
          : {}),
    };
    return Object.keys(set).length > 0 ? { $set: set } : null;
  });
}

/** user_deleted: the address and name go; the tombstone keeps a late event from bringing them back. */
export async function forgetRecipient(store: RecipientStore, userId: string): Promise<void> {
  await revisedWrite(store.model, store.locks, lockKey(userId), userId, (current) =>
    current?.deleted
      ? null
      : {
          $set: { deleted: true, fullname: '', emailConsent: false },
          $unset: { email: 1, localeChangedAt: 1 },
        },
  );
}
