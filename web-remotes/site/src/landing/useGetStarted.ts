import { DEFAULT_SIGNED_IN_ROUTE, useLoginDialog, useSession } from '@safarsaathi/web-kit';
import { useNavigate } from 'react-router';

/** "Get Started": the login dialog for visitors, the dashboard for users already signed in. */
export function useGetStarted(): () => void {
  const { user } = useSession();
  const { openLoginDialog } = useLoginDialog();
  const navigate = useNavigate();
  return () => (user?.is_registered ? navigate(DEFAULT_SIGNED_IN_ROUTE) : openLoginDialog());
}
