import {
  LIMITS,
  type CreateCaseRequest,
  type MyCasesResponse,
  type Notification,
  type PushPreferences,
  type SessionView,
  type SimpleProfile,
  type TourStatus,
} from '@safarsaathi/contracts';
import { api } from '@safarsaathi/web-kit';

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
