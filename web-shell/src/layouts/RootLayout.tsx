import { scrollToTop, SessionProvider, useBlockedAccess, useSession } from '@safarsaathi/web-kit';
import { useLayoutEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoginDialogHost } from '../login/LoginDialogHost';
import { BlockedScreen } from '../pages/BlockedScreen';
import { useInactivityLogout } from '../session/useInactivityLogout';

/** Every navigation starts at the top of the page (spec §2), including back and forward. */
function ScrollToTopOnNavigation() {
  const { key } = useLocation();
  useLayoutEffect(() => scrollToTop(), [key]);
  return null;
}

/** Logs a signed-in user out after the inactivity time-out (spec §4) and goes home. */
function InactivityLogout() {
  const { status, logout } = useSession();
  useInactivityLogout(status === 'signed-in', () => void logout());
  return null;
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
      <BlockedGate>
        <LoginDialogHost>
          <ScrollToTopOnNavigation />
          <InactivityLogout />
          <Outlet />
        </LoginDialogHost>
      </BlockedGate>
    </SessionProvider>
  );
}
