import { useSession } from '@safarsaathi/web-kit';
import { useState } from 'react';

/**
 * Whether a registered user was already signed in when the page opened (null while the session
 * loads). Fixed at arrival, so signing in on the page itself does not count.
 */
export function useSignedInOnArrival(): boolean | null {
  const { status, user } = useSession();
  const [signedInOnArrival, setSignedInOnArrival] = useState<boolean | null>(null);
  if (signedInOnArrival === null && status !== 'loading') setSignedInOnArrival(Boolean(user?.is_registered));
  return signedInOnArrival;
}
