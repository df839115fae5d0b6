import {
  LIMITS,
  type ConsentPurpose,
  type ConsentState,
  type ConsentsResponse,
  type CreateCaseRequest,
  type MyCasesResponse,
  type Notification,
  type PushPreferences,
  type SessionView,
  type SimpleProfile,
  type TourStatus,
} from '@safarsaathi/contracts';
import { api } from '@safarsaathi/web-kit';

/** The file name the server gives the download (Content-Disposition), else a plain one. */
function attachmentName(disposition: string | null): string {
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? 'safarsaathi-my-data.json';
}

export interface CreateCaseResponse {
  success: true;
  case_id: string;
  status: string;
}

/** The account screens' server calls (spec §7), all through the gateway on the same origin. */
export const accountApi = {
  notifications: (signal?: AbortSignal) =>
    api.get<Notification[]>(`/api/notifications?limit=${LIMITS.notificationListSize}`, { signal }),
  notificationUnreadCount: (signal?: AbortSignal) =>
    api.get<{ unread_count: number }>('/api/notifications/unread-count', { signal }),
  markNotificationRead: (id: string) => api.put<unknown>(`/api/notifications/${encodeURIComponent(id)}/read`),
  markAllNotificationsRead: () => api.put<unknown>('/api/notifications/mark-all-read'),

  pushPreferences: (signal?: AbortSignal) => api.get<PushPreferences>('/api/push/preferences', { signal }),
  setPushPreferences: (update: Partial<PushPreferences>) =>
    api.put<PushPreferences>('/api/push/preferences', update),

  profile: (signal?: AbortSignal) => api.get<SimpleProfile>('/users/profile', { signal }),
  setHelpPreference: (helpPreference: NonNullable<SimpleProfile['help_preference']>) =>
    api.put<unknown>('/users/help-preference', { helpPreference }),
  deleteAccount: () => api.delete<unknown>('/users/delete-account'),

  sessions: (signal?: AbortSignal) => api.get<{ sessions: SessionView[] }>('/api/auth/sessions', { signal }),
  endSession: (id: string) => api.delete<unknown>(`/api/auth/sessions/${encodeURIComponent(id)}`),
  endOtherSessions: () => api.post<{ success: true; ended: number }>('/api/auth/logout-others'),

  consents: (signal?: AbortSignal) => api.get<ConsentsResponse>('/api/me/consents', { signal }),
  setConsent: (purpose: ConsentPurpose, granted: boolean) =>
    api.put<{ success: true; consent: ConsentState }>(`/api/me/consents/${encodeURIComponent(purpose)}`, {
      granted,
    }),
  /**
   * GET /api/me/data as a file: read through the API client (so a refusal, e.g. 429, is an ApiError with
   * the server's message), then handed to the browser as a JSON file under the server's name.
   */
  myData: async (): Promise<{ file: Blob; name: string }> => {
    let name = attachmentName(null);
    const data = await api.get<unknown>('/api/me/data', {
      cache: 'no-store',
      onHeaders: (headers) => {
        name = attachmentName(headers.get('Content-Disposition'));
      },
    });
    return { file: new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), name };
  },

  tourStatus: (signal?: AbortSignal) => api.get<TourStatus>('/api/tour/status', { signal }),
  completeTour: () => api.post<TourStatus>('/api/tour/complete'),
  resetTour: () => api.post<TourStatus>('/api/tour/reset'),

  issueTypes: (signal?: AbortSignal) =>
    api.get<{ issue_types: string[] }>('/help-support/issue-types', { signal }),
  createCase: (request: CreateCaseRequest) =>
    api.post<CreateCaseResponse>('/help-support/create-case', request),
  myCases: (page: number, signal?: AbortSignal) =>
    api.get<MyCasesResponse>(`/help-support/my-cases?page=${page}`, { signal }),
};
