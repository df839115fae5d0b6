import type { CompanionRequestView, CompanionSubmissionInput, TravelPlanRequest, TravelPlanView } from '@safarsaathi/contracts';
import { api } from '@safarsaathi/web-kit';

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
  requests: (signal?: AbortSignal) => api.get<CompanionRequestView[]>('/api/companions/requests', { signal }),
  createRequest: (input: CompanionSubmissionInput) =>
    api.post<CreateCompanionResponse>('/api/companions/requests', input),
  cancelRequest: (caseid: string) =>
    api.put<unknown>(`/api/companions/requests/${encodeURIComponent(caseid)}/cancel`),
  startChat: (userCaseid: string, matchedCaseid: string) =>
    api.post<{ conversation_id: string }>('/api/chat/start-chat', {
      service_type: 'companion',
      user_caseid: userCaseid,
      matched_caseid: matchedCaseid,
    }),

  createTravel: (request: TravelPlanRequest) => api.post<CreateTravelResponse>('/api/travel', request),
  travels: (signal?: AbortSignal) => api.get<TravelPlanView[]>('/api/travels', { signal }),
  deleteTravel: (id: string) => api.delete<unknown>(`/api/travels/${encodeURIComponent(id)}`),
};

export const REQUESTS_KEY = ['companion', 'requests'] as const;
export const TRAVELS_KEY = ['companion', 'travels'] as const;
