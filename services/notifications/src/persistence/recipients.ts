/**
 * Who to e-mail, whether they agreed to e-mails, and in which language: a projection of registered users
 * (user_registered; the language also from profile_updated), removed on user_deleted.
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { Locale } from '@safarsaathi/contracts';

export interface Recipient {
  userId: string;
  /** Missing while only a language change is known (its profile_updated came before user_registered). */
  email?: string;
  fullname: string;
  /** The user agreed to e-mails beyond sign-in codes (user_registered); without it no unread-message e-mail. */
  emailConsent: boolean;
  /** The language the user's e-mails are written in. */
  locale: Locale;
  /** When the user chose `locale`: an older choice that arrives later never replaces it. */
  localeChangedAt?: Date;
}

const recipientSchema = new Schema<Recipient>(
  {
    userId: { type: String, required: true },
    email: { type: String },
    fullname: { type: String, default: '' },
    emailConsent: { type: Boolean, default: false },
    locale: { type: String, enum: ['en', 'hi'], default: 'en' },
    localeChangedAt: { type: Date },
  },
  { collection: 'recipients', versionKey: false },
);
recipientSchema.index({ userId: 1 }, { unique: true });

export type RecipientModel = Model<Recipient>;

export function recipientModel(connection: Connection): RecipientModel {
  return (connection.models.Recipient as RecipientModel) ?? connection.model<Recipient>('Recipient', recipientSchema);
}

/**
 * Keeps the latest language choice: written only when newer than the stored one, so user_registered and
 * profile_updated give the same result in any order and on redelivery. Creates the recipient when it is
 * not known yet (user_registered adds the address later).
 */
export async function applyLocale(recipients: RecipientModel, userId: string, locale: Locale, changedAt: Date): Promise<void> {
  try {
    await recipients.updateOne(
      { userId, $or: [{ localeChangedAt: { $exists: false } }, { localeChangedAt: { $lt: changedAt } }] },
      { $set: { locale, localeChangedAt: changedAt } },
      { upsert: true },
    );
  } catch (error) {
    // The recipient exists with a newer (or the same) choice: the upsert's insert hit the unique userId.
    if ((error as { code?: number }).code !== 11000) throw error;
  }
}
