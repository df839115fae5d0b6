import type {
  CompanionRequestView,
  CompanionSubmissionInput,
  ConversationStartResponse,
  MeetingRequest,
  MilestoneRequest,
  ShareKind,
  ShareLink,
  SharedTrip,
  TravelPlanDetails,
  TravelPlanRequest,
  TravelPlanView,
  ReferenceRequest,
} from '@safarsaathi/contracts';
import { OFFLINE_CACHED_AT_HEADER, api } from '@safarsaathi/web-kit';

export interface CreateCompanionResponse {
  success: boolean;
  message: string;
  caseid: string;
}

export interface CreateTravelResponse {
  success: boolean;
  message: string;
  data: unknown;
}

/** The companion and travel screens' server calls (spec §7), same origin through the gateway. */
export const companionApi = {
  /** `onCachedAt` gets the time of the service worker's kept answer when there was no network, else null. */
  requests: (signal?: AbortSignal, onCachedAt?: (cachedAt: string | null) => void) =>
    api.get<CompanionRequestView[]>('/api/companions/requests', {
      signal,
      onHeaders: (headers) => onCachedAt?.(headers.get(OFFLINE_CACHED_AT_HEADER)),
    }),
  createRequest: (input: CompanionSubmissionInput) =>
    api.post<CreateCompanionResponse>('/api/companions/requests', input),
  cancelRequest: (caseid: string) =>
    api.put<unknown>(`/api/companions/requests/${encodeURIComponent(caseid)}/cancel`),
  /** A flight change or any other edit (addendum §1.4): the same body as the POST. */
  updateRequest: (caseid: string, input: CompanionSubmissionInput) =>
    api.put<CreateCompanionResponse>(`/api/companions/requests/${encodeURIComponent(caseid)}`, input),
  /** The trip day (addendum §1.1–1.2): each answers the request's view. */
  setMeeting: (caseid: string, meeting: MeetingRequest) =>
    api.put<CompanionRequestView>(`/api/companions/requests/${encodeURIComponent(caseid)}/meeting`, meeting),
  recordMilestone: (caseid: string, body: MilestoneRequest) =>
    api.post<CompanionRequestView>(`/api/companions/requests/${encodeURIComponent(caseid)}/milestones`, body),
  newHandoverCode: (caseid: string) =>
    api.post<CompanionRequestView>(`/api/companions/requests/${encodeURIComponent(caseid)}/handover-code`),
  /** The owner has seen the safety note of this match (it shows once per match): answers the view. */
  safetyNoteSeen: (caseid: string) =>
    api.put<CompanionRequestView>(`/api/companions/requests/${encodeURIComponent(caseid)}/safety-note`),
  /** The reference about one's match after the trip (addendum §2.1): answers the request's view. */
  writeReference: (caseid: string, body: ReferenceRequest) =>
    api.post<CompanionRequestView>(`/api/companions/requests/${encodeURIComponent(caseid)}/reference`, body),
  /** A chat with one's match (the match panel's Contact Companion). */
  startChat: (userCaseid: string, matchedCaseid: string) =>
    api.post<ConversationStartResponse>('/api/chat/start-chat', {
      service_type: 'companion',
      user_caseid: userCaseid,
      matched_caseid: matchedCaseid,
    }),
  /** The contact flow's conversation, once the visitor's own request exists. */
  createSearchConversation: (targetCaseid: string, userCaseid: string) =>
    api.post<ConversationStartResponse>('/api/chat/create-search-conversation', {
      target_caseid: targetCaseid,
      user_caseid: userCaseid,
    }),

  createTravel: (request: TravelPlanRequest) => api.post<CreateTravelResponse>('/api/travel', request),
  travels: (signal?: AbortSignal) => api.get<TravelPlanView[]>('/api/travels', { signal }),
  travel: (id: string, signal?: AbortSignal) =>
    api.get<TravelPlanDetails>(`/api/travels/${encodeURIComponent(id)}`, { signal }),
  updateTravel: (id: string, request: TravelPlanRequest) =>
    api.put<{ success: boolean; message: string; data: TravelPlanDetails }>(
      `/api/travels/${encodeURIComponent(id)}`,
      request,
    ),
  deleteTravel: (id: string) => api.delete<unknown>(`/api/travels/${encodeURIComponent(id)}`),

  /** The trip's read-only link: the current one, or a new one (issue 14). */
  shareTrip: (kind: ShareKind, id: string) => api.post<ShareLink>('/api/share-links', { kind, id }),
  stopSharing: (kind: ShareKind, id: string) =>
    api.delete<unknown>(`/api/share-links/${kind}/${encodeURIComponent(id)}`),
  /**
   * Public: a shared trip, without a session. `pass`: the version a printed pickup pass's QR link carries
   * (issue 39); the view then says whether that pass is still current.
   */
  sharedTrip: (token: string, signal?: AbortSignal, pass?: string) =>
    api.get<SharedTrip>(
      `/api/shared/${encodeURIComponent(token)}${pass ? `?pass=${encodeURIComponent(pass)}` : ''}`,
      { signal },
    ),
};

export const REQUESTS_KEY = ['companion', 'requests'] as const;
/** The request's calendar file (addendum §1.5), a plain link: the browser downloads it with the session cookie. */
export const calendarUrl = (caseid: string) =>
  `/api/companions/requests/${encodeURIComponent(caseid)}/calendar.ics`;
/**
 * The traveller's card and the pickup pass (issue 39), plain links like the calendar file: the browser fetches
 * them with the session cookie, in `lang` (the page's language) beside English.
 */
export type PaperKind = 'traveller-card' | 'pickup-pass';
export const paperUrl = (caseid: string, kind: PaperKind, lang: string) =>
  `/api/companions/requests/${encodeURIComponent(caseid)}/${kind}.pdf?lang=${encodeURIComponent(lang)}`;
export const TRAVELS_KEY = ['companion', 'travels'] as const;
export const travelKey = (id: string) => [...TRAVELS_KEY, id] as const;
export const shareLinkKey = (kind: ShareKind, id: string) => ['companion', 'share-link', kind, id] as const;
