/**
 * A matched pair on today's flight whose seeker shares her request with the family, made through the
 * public API of a running product (the matching engine pairs them): for the family-link browser test and
 * the family-link benchmark.
 */
import { randomInt } from 'node:crypto';
import {
  todayIso,
  type CompanionRequestView,
  type CompanionSubmissionInput,
  type ShareLink,
} from '@safarsaathi/contracts';
import type { ApiClient } from './api-client';
import { createSignedInUser } from './users';
import { waitFor } from './wait';

export interface SharedTripDay {
  seeker: ApiClient;
  companion: ApiClient;
  needCaseid: string;
  provideCaseid: string;
  token: string;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A route of its own, so the engine pairs these two requests with each other only. */
function ownRoute() {
  const code = () => Array.from({ length: 3 }, () => LETTERS[randomInt(0, 26)]).join('');
  const from = code();
  let to = code();
  while (to === from) to = code();
  return { fromAirport: from, toAirport: to };
}

async function post(client: ApiClient, input: CompanionSubmissionInput): Promise<string> {
  const answer = await client.post<{ caseid: string }>('/api/companions/requests', input);
  if (answer.status !== 200)
    throw new Error(`request not created: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.caseid;
}

export async function sharedTripDay(
  baseUrl: string,
  { fromAirport, toAirport }: { fromAirport?: string; toAirport?: string } = {},
): Promise<SharedTripDay> {
  const [seeker, companion] = await Promise.all([
    createSignedInUser(baseUrl, { fullname: 'Asha Rao' }),
    createSignedInUser(baseUrl, { fullname: 'Ravi Nair' }),
  ]);
  const route = fromAirport && toAirport ? { fromAirport, toAirport } : ownRoute();
  const input: CompanionSubmissionInput = {
    serviceType: 'need',
    airline: 'Air India',
    flightNumber: `AI ${randomInt(100, 9999)}`,
    travelDate: todayIso(),
    confirmedTicket: true,
    passengerName: 'Kamala Rao',
    passengerAge: 72,
    passengerGender: 'female',
    languagesKnown: 'Tamil, English',
    ...route,
  };
  const needCaseid = await post(seeker.client, input);
  const provideCaseid = await post(companion.client, {
    ...input,
    serviceType: 'provide',
    passengerName: 'Ravi Nair',
    passengerAge: 34,
    passengerGender: 'male',
  });
  await waitFor(
    async () => {
      const views = await seeker.client.get<CompanionRequestView[]>('/api/companions/requests');
      const view = views.body.find((item) => item.caseid === needCaseid);
      return view?.companion_match_caseid === provideCaseid ? true : undefined;
    },
    30_000,
    200,
  );
  const shared = await seeker.client.post<ShareLink>('/api/share-links', { kind: 'request', id: needCaseid });
  if (shared.status !== 200) throw new Error(`not shared: ${shared.status}`);
  return {
    seeker: seeker.client,
    companion: companion.client,
    needCaseid,
    provideCaseid,
    token: shared.body.token,
  };
}
