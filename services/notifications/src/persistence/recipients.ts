/** Who to e-mail, and whether they agreed to e-mails: a projection of registered users (user_registered), removed on user_deleted. */
import { Schema, type Connection, type Model } from 'mongoose';

export interface Recipient {
  userId: string;
  email: string;
  fullname: string;
  /** The user agreed to e-mails beyond sign-in codes (user_registered); without it no unread-message e-mail. */
  emailConsent: boolean;
}

const recipientSchema = new Schema<Recipient>(
  {
    userId: { type: String, required: true },
    email: { type: String, required: true },
    fullname: { type: String, default: '' },
    emailConsent: { type: Boolean, default: false },
  },
  { collection: 'recipients', versionKey: false },
);
recipientSchema.index({ userId: 1 }, { unique: true });

export type RecipientModel = Model<Recipient>;

export function recipientModel(connection: Connection): RecipientModel {
  return (connection.models.Recipient as RecipientModel) ?? connection.model<Recipient>('Recipient', recipientSchema);
}
