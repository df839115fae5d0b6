import {
  ApiError,
  authApi,
  LiveUpdatesProvider,
  scrollToTop,
  SessionProvider,
  useBlockedAccess,
  useSession,
  type SessionEndReason,
} from '@safarsaathi/web-kit';
import { useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoginDialogHost } from '../login/LoginDialogHost';
import { BlockedScreen } from '../pages/BlockedScreen';
import { UpdatePrompt } from '../serviceWorker/UpdatePrompt';
import { useInactivityLogout } from '../session/useInactivityLogout';

/**
 * Every navigation starts at the top of the page (spec §2), including back and forward. Not the first render:
 * the page the browser has just loaded is where the visitor already is (on the landing page a phone visitor's
 * first scroll is what starts the app, which then must not jump back to the top).
 */
function ScrollToTopOnNavigation() {
  const { key } = useLocation();
  const firstKey = useRef(key);
  useLayoutEffect(() => {
    if (key !== firstKey.current) {
      firstKey.current = '';
      scrollToTop();
    }
  }, [key]);
  return null;
}

/** Logs a signed-in user out after the inactivity time-out (spec §4) and goes home. */
function InactivityLogout() {
  const { status, logout } = useSession();
  useInactivityLogout(status === 'signed-in', () => void logout());
  return null;
}

/**
 * The browser's live stream, for signed-in users only (visitors make no call to /api/events). When the
 * server ends the session (profile deleted, signed out in another tab) the page signs out; when the user
 * was blocked, one call shows the blocked screen (the gateway answers it with the reason). A stream the
 * server refuses may be a session that ended without its signal: one call finds out, and a 401 signs the
 * page out at once (with the offline copy), not at whatever call comes next.
 */
function LiveUpdates({ children }: { children: ReactNode }) {
  const { status, forgetSession } = useSession();
  const blocked = useBlockedAccess();
  const onSessionEnded = useCallback(
    (reason: SessionEndReason) => {
      if (reason === 'blocked') {
        // The 403 reports the block to the shell (BlockedGate); anything else: just sign out.
        authApi.userInfo().catch((error: unknown) => {
          if (!(error instanceof ApiError && error.status === 403)) void forgetSession();
        });
        return;
      }
      void forgetSession();
    },
    [forgetSession],
  );
  const onRefused = useCallback(() => {
    authApi.userInfo().catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) void forgetSession();
    });
  }, [forgetSession]);
  return (
    <LiveUpdatesProvider
      enabled={status === 'signed-in' && !blocked}
      onSessionEnded={onSessionEnded}
      onRefused={onRefused}
    >
      {children}
    </LiveUpdatesProvider>
  );
}

/** A blocked user sees only the blocked screen, whichever page they were on or open next. */
function BlockedGate({ children }: { children: ReactNode }) {
  const blocked = useBlockedAccess();
  return blocked ? <BlockedScreen blocked={blocked} /> : children;
}

/** Providers that need the router: the session (its logout navigates) and the login dialog. */
export function RootLayout() {
  return (
    <SessionProvider>
      <LiveUpdates>
        <BlockedGate>
          <LoginDialogHost>
            <ScrollToTopOnNavigation />
            <InactivityLogout />
            <Outlet />
            <UpdatePrompt />
          </LoginDialogHost>
        </BlockedGate>
      </LiveUpdates>
    </SessionProvider>
  );
}
