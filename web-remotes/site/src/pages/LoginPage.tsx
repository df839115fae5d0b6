import { PageSpinner, redirectToFromState, resolveRedirectTarget } from '@safarsaathi/web-kit';
import { Navigate, useLocation } from 'react-router';
import { AuthCard } from '../components/AuthCard';
import { useSignedInOnArrival } from '../components/useSignedInOnArrival';
import { LoginFlow } from '../login/LoginFlow';

/** /login: the sign-in as a page; navigation state `redirectTo` says where to go afterwards. */
export default function LoginPage() {
  const { state } = useLocation();
  const redirectTo = redirectToFromState(state);
  const signedInOnArrival = useSignedInOnArrival();

  if (signedInOnArrival === null) return <PageSpinner />;
  if (signedInOnArrival) return <Navigate to={resolveRedirectTarget(redirectTo)} replace />;
  return (
    <AuthCard>
      <LoginFlow redirectTo={redirectTo} titleLevel="h1" />
    </AuthCard>
  );
}
