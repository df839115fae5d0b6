/** Users: the auth service's source of truth for accounts, roles, block status and preferences. */
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import { LOCALES } from '@safarsaathi/contracts';
import { outboxPlugin, type OutboxFields } from '@safarsaathi/platform';

const userSchema = new Schema(
  {
    email: { type: String, required: true },
    fullname: { type: String, default: '' },
    phone_number: { type: String },
    accepted_terms: { type: Boolean, default: false },
    email_consent: { type: Boolean, default: false },
    is_registered: { type: Boolean, default: false },
    registered_at: { type: Date },
    status: { type: String, enum: ['Active', 'Block'], default: 'Active' },
    status_reason: { type: String, default: '' },
    help_preference: { type: String, enum: ['need_help', 'want_to_help'] },
    tour_completed: { type: Boolean, default: false },
    /** The user's language (issue 14); e-mails to the user are written in it. */
    locale: { type: String, enum: [...LOCALES], default: 'en' },
    /** When the user last chose a language: events carry it, so consumers keep the latest whatever the order. */
    locale_changed_at: { type: Date },
    /** Easy reading (addendum §4): stored on the account, so every device the user signs in on follows it. */
    large_text: { type: Boolean, default: false },
    high_contrast: { type: Boolean, default: false },
    deleted: { type: Boolean, default: false },
    /**
     * Privacy choices (issue 40): the current one per purpose `{ granted, updated_at }` (a purpose never
     * chosen is missing: its default applies, contracts `defaultConsent`), the history of every choice,
     * only ever appended to, and how many choices were made (consent_changed's `version`).
     */
    consents: { type: Schema.Types.Mixed },
    consent_history: { type: Schema.Types.Mixed },
    consents_version: { type: Number },
  },
  { collection: 'users', timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);
userSchema.index({ email: 1 }, { unique: true });
// Sparse: unregistered users have no phone yet.
userSchema.index({ phone_number: 1 }, { unique: true, sparse: true });
userSchema.plugin(outboxPlugin);

export type UserDocument = InferSchemaType<typeof userSchema> &
  OutboxFields & { _id: { toString(): string } };
export type UserModel = Model<InferSchemaType<typeof userSchema> & OutboxFields>;

/**
 * The lock every writer of a user document holds, the outbox relay included: on FerretDB a write applies
 * as read-modify-write of the whole document, so two instances writing one user could undo each other.
 */
export const userLockKey = (userId: string) => `auth-user:${userId}`;

export function userModel(connection: Connection): UserModel {
  return (connection.models.User as UserModel) ?? connection.model('User', userSchema);
}
