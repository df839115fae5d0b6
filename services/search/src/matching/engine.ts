/**
 * The matching rules (design brief §5). Pure functions: the read model supplies candidates, these
 * decide whether a need and a provide request match, how well, and which candidate is best.
 */
import type { EventData } from '@safarsaathi/contracts';

type MatchDetails = EventData<'match_found'>['match_details'];
type FlightStatus = MatchDetails['main_flight']['status'];
type LayoverFlight = { airlines?: string; flight_number?: string; date?: string };

/** The part of a request the rules look at. */
export interface MatchableRequest {
  caseid: string;
  ownerId: string;
  role: 'need' | 'provide';
  from_airport: string;
  to_airport: string;
  confirmed_ticket: boolean;
  date: string | null;
  tentative_from_date: string | null;
  tentative_to_date: string | null;
  airlines: string | null;
  flight_number: string | null;
  layovers: Array<Record<string, LayoverFlight>>;
  languages_known: string;
  companion_price: number;
}

const norm = (value: string | null | undefined) => (value ?? '').trim().toLowerCase().replace(/\s+/g, '');
const sameFlightNumber = (a: { airlines?: string | null; flight_number?: string | null }, b: typeof a) =>
  norm(a.airlines) !== '' &&
  norm(a.airlines) === norm(b.airlines) &&
  norm(a.flight_number) !== '' &&
  norm(a.flight_number) === norm(b.flight_number);

function layoverMap(layovers: MatchableRequest['layovers']): Map<string, LayoverFlight> {
  const map = new Map<string, LayoverFlight>();
  for (const entry of layovers)
    for (const [airport, flight] of Object.entries(entry)) map.set(airport.toUpperCase(), flight);
  return map;
}

/** The companion's travel date fits the need: same date when both booked, inside the range when yet-to-book. */
function datesFit(need: MatchableRequest, provide: MatchableRequest): 'booked' | 'tentative' | null {
  if (!provide.date) return null;
  if (need.confirmed_ticket) return need.date === provide.date ? 'booked' : null;
  if (!need.tentative_from_date || !need.tentative_to_date) return null;
  return provide.date >= need.tentative_from_date && provide.date <= need.tentative_to_date
    ? 'tentative'
    : null;
}

/**
 * Whether `need` and `provide` match, and the details if so. Never the same owner; airports must be
 * equal; dates must fit. Status and blocking are the caller's filter (only active, visible requests).
 */
export function evaluateMatch(need: MatchableRequest, provide: MatchableRequest): MatchDetails | null {
  if (need.role !== 'need' || provide.role !== 'provide') return null;
  if (need.ownerId === provide.ownerId) return null;
  if (need.from_airport !== provide.from_airport || need.to_airport !== provide.to_airport) return null;
  const fit = datesFit(need, provide);
  if (!fit) return null;

  const main: FlightStatus =
    fit === 'booked' && sameFlightNumber(need, provide) ? 'same_flight' : 'same_route';
  const theirs = layoverMap(provide.layovers);
  const layovers = [...layoverMap(need.layovers)].map(([airport, userFlight]) => {
    const matchedFlight = theirs.get(airport) ?? null;
    let status: FlightStatus = 'different';
    if (matchedFlight) {
      if (
        sameFlightNumber(userFlight, matchedFlight) &&
        (!userFlight.date || !matchedFlight.date || userFlight.date === matchedFlight.date)
      ) {
        status = 'same_flight';
      } else status = 'same_route';
    }
    return { airport, status, user_flight: userFlight, matched_flight: matchedFlight };
  });
  const overall =
    main === 'same_flight' && layovers.every((layover) => layover.status !== 'different')
      ? 'complete_match'
      : 'match';
  return { overall_status: overall, main_flight: { status: main }, layovers };
}

function languages(value: string): Set<string> {
  return new Set(
    value
      .split(',')
      .map((language) => language.trim().toLowerCase())
      .filter(Boolean),
  );
}

export function sharedLanguages(a: string, b: string): number {
  const mine = languages(a);
  return [...languages(b)].filter((language) => mine.has(language)).length;
}

/** Higher is better: flight status first, then shared languages, then free before paid. */
export function rankKey(
  details: MatchDetails,
  seeker: MatchableRequest,
  other: MatchableRequest,
): [number, number, number] {
  const provide = seeker.role === 'provide' ? seeker : other;
  return [
    details.main_flight.status === 'same_flight' ? (details.overall_status === 'complete_match' ? 3 : 2) : 1,
    sharedLanguages(seeker.languages_known, other.languages_known),
    provide.companion_price === 0 ? 1 : 0,
  ];
}

function compareRank(a: [number, number, number], b: [number, number, number]): number {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return b[i]! - a[i]!;
  return 0;
}

export interface RankedCandidate<T extends MatchableRequest> {
  candidate: T;
  details: MatchDetails;
}

/**
 * Every counterpart that matches `request`, best first. Ties keep the candidates' order (the caller
 * passes them oldest first, so the earliest request wins a tie).
 */
export function rankCandidates<T extends MatchableRequest>(
  request: MatchableRequest,
  candidates: T[],
): Array<RankedCandidate<T>> {
  const ranked: Array<RankedCandidate<T> & { key: [number, number, number]; index: number }> = [];
  candidates.forEach((candidate, index) => {
    const details =
      request.role === 'need' ? evaluateMatch(request, candidate) : evaluateMatch(candidate, request);
    if (details) ranked.push({ candidate, details, key: rankKey(details, request, candidate), index });
  });
  ranked.sort((a, b) => compareRank(a.key, b.key) || a.index - b.index);
  return ranked.map(({ candidate, details }) => ({ candidate, details }));
}

export interface PlannedMatch<T extends MatchableRequest> extends RankedCandidate<T> {
  /** The candidate holds a `same_route` match that pairing with `request` on the same flight replaces. */
  upgrade: boolean;
}

/**
 * The counterparts to try for an unmatched `request`, in order (docs/decisions.md "Re-matching"): open
 * candidates on the same flight first (nobody loses a match), then holders of a `same_route` match that
 * `request` would join on the same flight (the upgrade), then open candidates on the same route. `open`
 * are unmatched candidates and `holders` requests holding an upgradable `same_route` match, each oldest
 * first, so ties go to the earliest request whatever the order of arrival.
 */
export function matchPlan<T extends MatchableRequest>(
  request: MatchableRequest,
  open: T[],
  holders: T[],
): Array<PlannedMatch<T>> {
  const sameFlight = (ranked: RankedCandidate<T>) => ranked.details.main_flight.status === 'same_flight';
  const ranked = rankCandidates(request, open);
  return [
    ...ranked.filter(sameFlight).map((entry) => ({ ...entry, upgrade: false })),
    ...rankCandidates(request, holders)
      .filter(sameFlight)
      .map((entry) => ({ ...entry, upgrade: true })),
    ...ranked.filter((entry) => !sameFlight(entry)).map((entry) => ({ ...entry, upgrade: false })),
  ];
}
