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

/** The two speak at least one language in common (addendum §4: matching prefers such a pair). */
export function sharesLanguage(a: string, b: string): boolean {
  return sharedLanguages(a, b) > 0;
}

/**
 * Higher is better: flight status first, then whether they share a language (one in common is what
 * counts, not how many: addendum §4), then free before paid.
 */
export function rankKey(
  details: MatchDetails,
  seeker: MatchableRequest,
  other: MatchableRequest,
): [number, number, number] {
  const provide = seeker.role === 'provide' ? seeker : other;
  return [
    details.main_flight.status === 'same_flight' ? (details.overall_status === 'complete_match' ? 3 : 2) : 1,
    sharesLanguage(seeker.languages_known, other.languages_known) ? 1 : 0,
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
  /** The candidate holds a match that a better one with `request` replaces (on its flight, or sharing a language). */
  upgrade: boolean;
}

/** What a holder's current match is, as its read model keeps it. */
export interface HeldMatch {
  /** Missing on matches from before re-matching: counted as `same_route`. */
  matchedFlight?: FlightStatus | null;
  /** Missing on matches from before the language preference: counted as sharing one (never taken for it). */
  matchedShares?: boolean | null;
}

/** How good a pair is for re-matching: on the same flight first, then sharing a language. */
function pairQuality(flight: FlightStatus | null | undefined, shares: boolean): number {
  return (flight === 'same_flight' ? 2 : 0) + (shares ? 1 : 0);
}

/**
 * The counterparts to try for an unmatched `request`, in order (docs/decisions.md "Re-matching" and
 * "Search by language"): by flight status and shared language (the rank's first two keys), and within
 * equal ones the open candidates (nobody loses a match) before holders. A holder is taken only for a
 * strictly better pair than the one it holds: on the same flight instead of the route, or, equal on
 * that, sharing a language where its pair shares none. `open` are unmatched candidates and `holders`
 * requests holding an upgradable match, each oldest first, so ties go to the earliest request whatever
 * the order of arrival.
 */
export function matchPlan<T extends MatchableRequest & HeldMatch>(
  request: MatchableRequest,
  open: T[],
  holders: T[],
): Array<PlannedMatch<T>> {
  const sharing = (candidate: T) => sharesLanguage(request.languages_known, candidate.languages_known);
  const better = ({ candidate, details }: RankedCandidate<T>) =>
    pairQuality(details.main_flight.status, sharing(candidate)) >
    pairQuality(candidate.matchedFlight ?? 'same_route', candidate.matchedShares ?? true);
  const entries = [
    ...rankCandidates(request, open).map((entry) => ({ ...entry, upgrade: false })),
    ...rankCandidates(request, holders)
      .filter(better)
      .map((entry) => ({ ...entry, upgrade: true })),
  ];
  const group = (entry: PlannedMatch<T>) => rankKey(entry.details, request, entry.candidate).slice(0, 2);
  // A stable sort on the first two keys: open before holders, each in its rank order, within a group.
  return entries
    .map((entry) => ({ entry, key: group(entry) }))
    .sort((a, b) => b.key[0]! - a.key[0]! || b.key[1]! - a.key[1]!)
    .map(({ entry }) => entry);
}
