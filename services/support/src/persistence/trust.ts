/**
 * Each user's reference figures as companion publishes them (trust_updated on companion.trust.v1), for a
 * case subject's history. `_id` = user id. The newest `version` wins, so the order events arrive in does not
 * matter; the write runs under the user's document lock (FerretDB applies an update as read-modify-write).
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { EventData } from '@safarsaathi/contracts';
import type { DocumentLocks } from '@safarsaathi/platform';

export type SupportTrust = Omit<EventData<'trust_updated'>, 'userId'> & { _id: string };

const trustSchema = new Schema<SupportTrust>(
  {
    _id: { type: String, required: true },
    version: { type: Number, required: true },
    trips_completed: { type: Number, default: 0 },
    references: { type: Schema.Types.Mixed, required: true },
    pending: { type: Schema.Types.Mixed, default: () => [] },
    member_since: { type: String, required: true },
    late_cancellations: { type: Number },
    steps: { type: Schema.Types.Mixed },
  },
  { collection: 'support_trust', versionKey: false },
);

export type SupportTrustModel = Model<SupportTrust>;

export function supportTrustModel(connection: Connection): SupportTrustModel {
  return (
    (connection.models.SupportTrust as SupportTrustModel) ??
    connection.model<SupportTrust>('SupportTrust', trustSchema)
  );
}

/** Keeps the figures unless a newer or equal version is stored already (a redelivery changes nothing). */
export async function setTrust(
  model: SupportTrustModel,
  locks: DocumentLocks,
  data: EventData<'trust_updated'>,
): Promise<void> {
  const { userId, ...figures } = data;
  await locks.around(`support-trust:${userId}`, async () => {
    const stored = await model.findOne({ _id: userId }, { version: 1 }).lean<Pick<SupportTrust, 'version'>>();
    if (stored && stored.version >= figures.version) return;
    await model.replaceOne({ _id: userId }, { _id: userId, ...figures }, { upsert: true });
  });
}
