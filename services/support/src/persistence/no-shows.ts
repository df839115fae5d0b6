/**
 * No-shows per subject (collection `subject_no_shows`, `_id` = the user the references are about): a
 * projection of companion's no_show_recorded, so the rule "a second no-show within 12 months opens a
 * case" is decided on the whole set, whatever order the events came in. Entries are added with $addToSet
 * of the event's own fields, so a redelivery changes nothing.
 */
import { Schema, type Connection, type Model } from 'mongoose';

export interface NoShowEntry {
  referenceId: string;
  tripId: string;
  reporterUserId: string;
  travelDate: string;
}

export interface SubjectNoShows {
  _id: string;
  entries: NoShowEntry[];
}

const noShowSchema = new Schema<SubjectNoShows>(
  {
    _id: { type: String, required: true },
    entries: { type: Schema.Types.Mixed, default: () => [] },
  },
  { collection: 'subject_no_shows', versionKey: false },
);

export type NoShowModel = Model<SubjectNoShows>;

export function noShowModel(connection: Connection): NoShowModel {
  return (
    (connection.models.SubjectNoShows as NoShowModel) ??
    connection.model<SubjectNoShows>('SubjectNoShows', noShowSchema)
  );
}

/** Adds the entry (once) and answers every no-show known about the subject. */
export async function recordNoShow(
  model: NoShowModel,
  subjectUserId: string,
  entry: NoShowEntry,
): Promise<NoShowEntry[]> {
  const written = await model
    .findOneAndUpdate({ _id: subjectUserId }, { $addToSet: { entries: entry } }, { upsert: true, new: true })
    .lean<SubjectNoShows>();
  return written?.entries ?? [];
}
