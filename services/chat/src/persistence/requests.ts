/**
 * What the chat service knows about companion requests (from companion.requests.v1 and search.matches.v1):
 * who owns each, its service type, whether it is active, and what it was matched with. `_id` = case id.
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { ServiceType } from '@safarsaathi/contracts';

export const REQUESTS_COLLECTION = 'chat_requests';

/**
 * `unknown`: only a match_found has named it so far. `hidden`: its owner is blocked (a later
 * request_created makes it active again). `cancelled`/`inactive`: cancelled, or its owner deleted their profile.
 */
export type RequestStatus = 'unknown' | 'active' | 'cancelled' | 'inactive' | 'hidden';

export interface ChatRequest {
  _id: string;
  ownerId: string;
  service_type: ServiceType | null;
  status: RequestStatus;
  /** The case id of the request it is matched with. */
  matchedWith: string | null;
  /**
   * The search service's match revision that `matchedWith` shows (docs/decisions.md "Re-matching"): older
   * match events change nothing. Missing: 1 when matched, else 0.
   */
  matchRevision?: number;
  /** When the event that set `status` occurred: an older event never overwrites a newer status. */
  lastEventAt: string;
  /**
   * The last day of the trip it was last matched for (match_found's summary: the date, or the end of a
   * yet-to-book range): a conversation's texts are kept 180 days after it (issue 40, use-cases/retention.ts).
   */
  travelDate?: string | null;
}

/** request_cancelled carries the new status as the companion service stored it. */
export function cancelledStatusOf(status: string): RequestStatus {
  return status === 'hidden' || status === 'inactive' ? status : 'cancelled';
}

const requestSchema = new Schema<ChatRequest>(
  {
    _id: { type: String, required: true },
    ownerId: { type: String, required: true },
    service_type: { type: String, default: null },
    status: { type: String, required: true },
    matchedWith: { type: String, default: null },
    matchRevision: { type: Number },
    lastEventAt: { type: String, default: '' },
    travelDate: { type: String },
  },
  { collection: REQUESTS_COLLECTION, versionKey: false },
);

export type ChatRequestModel = Model<ChatRequest>;

export function chatRequestModel(connection: Connection): ChatRequestModel {
  return (
    (connection.models.ChatRequest as ChatRequestModel) ??
    connection.model<ChatRequest>('ChatRequest', requestSchema)
  );
}
