import { PageSpinner, useSession, useTranslation } from '@safarsaathi/web-kit';
import { Navigate, Outlet, useLocation } from 'react-router';

/** Private routes: a visitor who is not signed in (or not yet registered) is sent to /login and brought back after. */
export function RequireSession() {
  const { status, user } = useSession();
  const location = useLocation();
  const { t } = useTranslation('common');

  if (status === 'loading') return <PageSpinner label={t('remote.checkingSession')} />;
  if (!user?.is_registered) {
    return <Navigate to="/login" replace state={{ redirectTo: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}
