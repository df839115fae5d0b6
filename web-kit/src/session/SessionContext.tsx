import type { User } from '@safarsaathi/contracts';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from '../api/auth';
import { ApiError } from '../api/client';
import { clearOfflineApiCache, offlineCopyOf } from '../offline/offlineCache';
import { hasSignedInHint, setSignedInHint } from './signedInHint';
import { LocaleSync } from '../i18n/LocaleSync';
import { EasyReadingSync } from '../easyReading/EasyReadingSync';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface Session {
  status: SessionStatus;
  /** The signed-in user; `is_registered` is false until registration is completed. */
  user: User | null;
  /** Reads the user again from the server (after sign-in or registration) and resolves with it. */
  refresh: () => Promise<User | null>;
  /** Ends the session on the server, forgets the user's cached data and goes to the home page. */
  logout: () => Promise<void>;
  /**
   * Like logout without the server call: for when the server has already ended the session (the
   * profile was deleted). Goes to the home page and forgets the user's cached data.
   */
  forgetSession: () => Promise<void>;
}

export const SESSION_QUERY_KEY = ['session', 'user-info'] as const;
/** The spec caches the user in session storage under this key, as a fallback when the call fails. */
const USER_INFO_STORAGE_KEY = 'userInfo';

function rememberUser(user: User | null): void {
  try {
    // Like the worker's offline copy, without the phone number: nothing on the device holds one.
    if (user) sessionStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(offlineCopyOf(user)));
    else sessionStorage.removeItem(USER_INFO_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, quota); the session still works without the fallback.
  }
}

function rememberedUser(): User | null {
  try {
    const stored = sessionStorage.getItem(USER_INFO_STORAGE_KEY);
    return stored ? (JSON.parse(stored) as User) : null;
  } catch {
    return null;
  }
}

async function fetchSessionUser(): Promise<User | null> {
  try {
    const user = await authApi.userInfo();
    rememberUser(user);
    setSignedInHint(true);
    return user;
  } catch (error) {
    // 401: no session; 403: the account is blocked. Either way nobody is signed in.
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      rememberUser(null);
      // The service worker's kept answers were this session's: nobody else may see them offline.
      await clearOfflineApiCache();
      // A blocked session stays (every visit shows the blocked screen), so only a 401 drops the hint.
      if (error.status === 401) setSignedInHint(false);
      return null;
    }
    return rememberedUser();
  }
}

/** On page load: a browser without the signed-in hint has no session, so it does not ask (no 401). */
async function initialSessionUser(): Promise<User | null> {
  if (!hasSignedInHint()) {
    rememberUser(null);
    return null;
  }
  return fetchSessionUser();
}

/** The session query's options: the provider and the shell's prefetch share them. */
const sessionQuery = {
  queryKey: SESSION_QUERY_KEY,
  queryFn: initialSessionUser,
  staleTime: 5 * 60_000,
  retry: false,
} as const;

/**
 * Asks for the session before the first render (the shell's bootstrap), side by side with the page's
 * modules: the page then renders once as signed in or out, not a second time when the answer comes.
 */
export function prefetchSession(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(sessionQuery);
}

const SessionContext = createContext<Session | null>(null);

/** Provides the current user to the shell and every remote. Must be rendered inside the router. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data, isPending } = useQuery(sessionQuery);

  const refresh = useCallback(
    () => queryClient.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSessionUser, staleTime: 0 }),
    [queryClient],
  );

  const forgetSession = useCallback(async () => {
    // Render the home page before forgetting the user: a private page still on screen would see
    // the signed-out state and its guard would send the user to /login instead.
    await navigate('/', { flushSync: true });
    rememberUser(null);
    setSignedInHint(false);
    await clearOfflineApiCache();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
  }, [navigate, queryClient]);

  const logout = useCallback(async () => {
    try {
      await authApi.logout();
    } catch {
      // The server session may already be gone; the browser signs out regardless.
    }
    await forgetSession();
  }, [forgetSession]);

  const session = useMemo<Session>(() => {
    const user = data ?? null;
    const status: SessionStatus = isPending ? 'loading' : user ? 'signed-in' : 'signed-out';
    return { status, user, refresh, logout, forgetSession };
  }, [data, isPending, refresh, logout, forgetSession]);

  return (
    <SessionContext.Provider value={session}>
      <LocaleSync />
      <EasyReadingSync />
      {children}
    </SessionContext.Provider>
  );
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs a <SessionProvider> (rendered by the web shell).');
  return session;
}
