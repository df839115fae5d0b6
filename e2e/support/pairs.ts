/**
 * Travellers made through the API, for browser tests whose subject comes after the match (the trip day,
 * references, a chat, the offline page): a seeker and a companion matched on one flight, and a browser
 * context signed in as either of them.
 */
import { randomInt } from 'node:crypto';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { SESSION_COOKIE, type CompanionRequestView } from '@safarsaathi/contracts';
import type { ApiClient } from '../../platform/src/testing/api-client';
import { createSignedInUser } from '../../platform/src/testing/users';
import { futureDate } from './ui';

export type Traveller = Awaited<ReturnType<typeof createSignedInUser>>;

/** Posts a companion request; the first on a fresh product may meet a service still starting (503). */
export async function postRequest(client: ApiClient, body: Record<string, unknown>): Promise<string> {
  const send = () => client.post<{ caseid: string }>('/api/companions/requests', body);
  let answer = await send();
  await expect
    .poll(async () => (answer.status === 503 ? (answer = await send()).status : answer.status), {
      timeout: 60_000,
    })
    .toBe(200);
  return answer.body.caseid;
}

/** The owner's own view of one request. */
export async function requestView(client: ApiClient, caseid: string): Promise<CompanionRequestView> {
  const view = (await client.get<CompanionRequestView[]>('/api/companions/requests')).body.find(
    (request) => request.caseid === caseid,
  );
  if (!view) throw new Error(`request ${caseid} is not in its owner's list`);
  return view;
}

export interface MatchedPair {
  need: Traveller & { caseid: string };
  provide: Traveller & { caseid: string };
  flight: {
    airline: string;
    flightNumber: string;
    travelDate: string;
    fromAirport: string;
    toAirport: string;
  };
}

/**
 * Sunita Rao asks for a companion for her mother Kamala (79) and Arjun Mehta offers help, on one Air India
 * flight DEL → BOM `daysAhead` days from today (a fresh flight number, so no earlier run's request takes
 * either); returns once the two are matched. `needExtra` adds to the seeker's request (an emergency contact).
 */
export async function matchedPair(
  baseURL: string,
  daysAhead = 1,
  needExtra: Record<string, unknown> = {},
): Promise<MatchedPair> {
  const [needUser, provideUser] = await Promise.all([
    createSignedInUser(baseURL, { fullname: 'Sunita Rao' }),
    createSignedInUser(baseURL, { fullname: 'Arjun Mehta' }),
  ]);
  const flight = {
    airline: 'Air India',
    flightNumber: `AI ${randomInt(1000, 10000)}`,
    travelDate: futureDate(daysAhead),
    fromAirport: 'DEL',
    toAirport: 'BOM',
  };
  const common = { ...flight, confirmedTicket: true, languagesKnown: 'Hindi' };
  const needCase = await postRequest(needUser.client, {
    ...common,
    serviceType: 'need',
    passengerName: 'Kamala Rao',
    passengerAge: 79,
    passengerGender: 'female',
    ...needExtra,
  });
  const provideCase = await postRequest(provideUser.client, {
    ...common,
    serviceType: 'provide',
    passengerName: 'Arjun Mehta',
    passengerAge: 34,
    passengerGender: 'male',
    freeService: true,
  });
  await expect
    .poll(async () => (await requestView(needUser.client, needCase)).companion_match_caseid ?? null, {
      timeout: 20_000,
    })
    .toBe(provideCase);
  return {
    need: { ...needUser, caseid: needCase },
    provide: { ...provideUser, caseid: provideCase },
    flight,
  };
}

/** Gives a browser context `client`'s session cookie. */
export async function signInAs(context: BrowserContext, baseURL: string, client: ApiClient): Promise<void> {
  await context.addCookies([{ name: SESSION_COOKIE, value: client.cookie(SESSION_COOKIE)!, url: baseURL }]);
}

/** A new browser context of the given size, signed in as `client`'s user. */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  client: ApiClient,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  await signInAs(context, baseURL, client);
  return { context, page: await context.newPage() };
}
