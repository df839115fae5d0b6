import type {
  EnvironmentInfo,
  Locale,
  ReadingPreferences,
  ReadingPreferencesUpdate,
  RegisterUserRequest,
  SendCodeResponse,
  User,
} from '@safarsaathi/contracts';
import { api } from './client';

/** Answers that carry the signed-in user; `success` is checked because older servers answered 200 with false. */
export interface UserResponse {
  success: boolean;
  message?: string;
  user: User;
}

/** The auth service's REST calls (spec §7), all through the gateway on the same origin. */
export const authApi = {
  userInfo: (signal?: AbortSignal) => api.get<User>('/api/auth/user-info', { signal }),

  environmentInfo: (signal?: AbortSignal) =>
    api.get<EnvironmentInfo>('/api/auth/environment-info', { signal }),

  /**
   * Sends a one-time code. The login form sends the consent flag; a resend sends the address only. `altcha`
   * is the solved proof-of-work challenge, after an answer 429 `auth.challengeRequired`.
   */
  sendCode: (emailAddress: string, emailConsent?: true, altcha?: string) =>
    api.post<SendCodeResponse>('/api/auth/register', { emailAddress, emailConsent, altcha }),

  verifyOtp: (emailAddress: string, otp: string) =>
    api.post<UserResponse>('/api/auth/verify-otp', { emailAddress, otp }),

  registerUser: (request: RegisterUserRequest) => api.post<UserResponse>('/api/auth/register-user', request),

  toggleRealOtp: (enableRealOtp: boolean) =>
    api.post<{ success: boolean; enable_real_otp: boolean }>('/api/auth/toggle-real-otp', {
      enable_real_otp: enableRealOtp,
    }),

  logout: () => api.post<unknown>('/api/auth/logout'),

  /** Stores the signed-in user's language (e-mails follow it). */
  setLocale: (locale: Locale) => api.put<{ success: true; locale: Locale }>('/api/auth/locale', { locale }),

  /** Stores the signed-in user's easy-reading preferences (either or both); answers all of them. */
  setPreferences: (update: ReadingPreferencesUpdate) =>
    api.put<ReadingPreferences>('/api/auth/preferences', update),
};
