/**
 * The matching read model: every companion request the search service has heard of, shared by all
 * instances of the `search` consumer group. Lookups use single string keys (`matchKey`, `routeKey`)
 * because equality on one string field is what FerretDB pushes down to SQLite and its indexes.
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { EventData } from '@safarsaathi/contracts';

export type RequestCreated = EventData<'request_created'>;

export interface StoredRequest extends RequestCreated {
  status: 'active' | 'removed';
  /** Owner blocked: kept, but never matched or shown. */
  hidden: boolean;
  /** The case id of the counterpart this request was matched with (each request is matched once). */
  matchedWith: string | null;
  /** `role|FROM|TO|date` for booked tickets (companions are always booked). */
  matchKey: string | null;
  /** `provide|FROM|TO` for companions, `need|FROM|TO|tentative` for yet-to-book needs (a date range). */
  routeKey: string | null;
  /** When the last event about this request occurred: older events never overwrite newer state. */
  lastEventAt: string;
}

export function routeOf(role: string, from: string, to: string): string {
  return `${role}|${from}|${to}`;
}

export function keysOf(request: RequestCreated): Pick<StoredRequest, 'matchKey' | 'routeKey'> {
  const route = routeOf(request.role, request.from_airport, request.to_airport);
  if (request.role === 'provide') return { matchKey: `${route}|${request.date}`, routeKey: route };
  return request.confirmed_ticket && request.date
    ? { matchKey: `${route}|${request.date}`, routeKey: null }
    : { matchKey: null, routeKey: `${route}|tentative` };
}


const requestSchema = new Schema<StoredRequest>(
  {
    caseid: { type: String, required: true },
    ownerId: { type: String, required: true },
    ownerFirstName: { type: String, required: true },
    service_type: { type: String, required: true },
    role: { type: String, required: true },
    from_airport: { type: String, required: true },
    to_airport: { type: String, required: true },
    date: { type: String, default: null },
    tentative_from_date: { type: String, default: null },
    tentative_to_date: { type: String, default: null },
    confirmed_ticket: { type: Boolean, required: true },
    airlines: { type: String, default: null },
    flight_number: { type: String, default: null },
    layovers: { type: Schema.Types.Mixed, default: [] },
    passenger_name: { type: String, required: true },
    passenger_age: { type: Number, required: true },
    passenger_gender: { type: String, required: true },
    languages_known: { type: String, required: true },
    companion_price: { type: Number, required: true },
    description: { type: String, default: null },
    createdAt: { type: String, required: true },
    status: { type: String, required: true },
    hidden: { type: Boolean, default: false },
    matchedWith: { type: String, default: null },
    matchKey: { type: String, default: null },
    routeKey: { type: String, default: null },
    lastEventAt: { type: String, required: true },
  },
  { collection: 'requests', versionKey: false },
);
requestSchema.index({ caseid: 1 }, { unique: true });
requestSchema.index({ matchKey: 1 });
requestSchema.index({ routeKey: 1 });
requestSchema.index({ ownerId: 1 });

export type RequestModel = Model<StoredRequest>;

export function requestModel(connection: Connection): RequestModel {
  return (connection.models.SearchRequest as RequestModel) ?? connection.model<StoredRequest>('SearchRequest', requestSchema);
}
