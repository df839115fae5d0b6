import { tourCompletedStorageKey, type TourStatus } from '@safarsaathi/contracts';
import { useSession } from '@safarsaathi/web-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { accountApi } from '../api';

const tourStatusKey = (email: string) => ['tour', 'status', email] as const;

function completedLocally(email: string): boolean {
  try {
    return localStorage.getItem(tourCompletedStorageKey(email)) === 'true';
  } catch {
    return false;
  }
}

function rememberCompleted(email: string, completed: boolean): void {
  try {
    if (completed) localStorage.setItem(tourCompletedStorageKey(email), 'true');
    else localStorage.removeItem(tourCompletedStorageKey(email));
  } catch {
    // Storage unavailable: the server's flag still keeps the tour from coming back.
  }
}

/**
 * Whether the guided tour shows: automatically for first-time users (server `is_first_time`) who
 * have not completed it on this browser (local flag keyed by the e-mail). Completing or skipping it
 * stores both flags, so it never comes back, also after a reload.
 */
export function useTour() {
  const { user } = useSession();
  const email = user?.email_address ?? '';
  const queryClient = useQueryClient();
  const { data: status } = useQuery({
    queryKey: tourStatusKey(email),
    queryFn: ({ signal }) => accountApi.tourStatus(signal),
    enabled: Boolean(email),
    staleTime: Infinity,
    retry: false,
  });
  const [finished, setFinished] = useState(false);

  const open =
    !finished &&
    Boolean(email) &&
    status !== undefined &&
    status.is_first_time &&
    !status.has_completed_tour &&
    !completedLocally(email);

  const complete = useCallback(() => {
    rememberCompleted(email, true);
    setFinished(true);
    queryClient.setQueryData<TourStatus>(
      tourStatusKey(email),
      (current) => current && { ...current, has_completed_tour: true, is_first_time: false },
    );
    accountApi
      .completeTour()
      .catch((error: unknown) => console.warn('Could not store the tour completion', error));
  }, [email, queryClient]);

  return { open, complete };
}
