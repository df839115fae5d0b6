import { scrollToTop, SessionProvider } from '@safarsaathi/web-kit';
import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoginDialogHost } from '../login/LoginDialogHost';

/** Every navigation starts at the top of the page (spec §2), including back and forward. */
function ScrollToTopOnNavigation() {
  const { key } = useLocation();
  useLayoutEffect(() => scrollToTop(), [key]);
  return null;
}

/** Providers that need the router: the session (its logout navigates) and the login dialog. */
export function RootLayout() {
  return (
    <SessionProvider>
      <LoginDialogHost>
        <ScrollToTopOnNavigation />
        <Outlet />
      </LoginDialogHost>
    </SessionProvider>
  );
}
