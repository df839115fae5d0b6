import { useLiveEvent } from '@safarsaathi/web-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { chatApi, meetingKey } from '../api';

export interface MeetingPoint {
  caseid: string;
  place: string;
  time: string;
  /** The origin airport and its IANA zone, in which the time is shown. */
  airport: string;
  zone: string | null;
}

/**
 * The meeting points of a companion conversation (issue 21): the chat service says which of the caller's
 * requests are matched with the other participant's; their views (companion service) carry the meeting.
 * Refetched when either party changes the trip day or a match changes.
 */
export function useMeetingPoints(conversationId: string, enabled: boolean): MeetingPoint[] {
  const queryClient = useQueryClient();
  const key = meetingKey(conversationId);
  const query = useQuery({
    queryKey: key,
    enabled,
    retry: false,
    queryFn: async ({ signal }) => {
      const { caseids } = await chatApi.requests(conversationId, signal);
      if (caseids.length === 0) return [];
      const mine = await chatApi.companionRequests(signal);
      return mine.flatMap(({ caseid, trip, from_airport, origin_timezone }) =>
        caseids.includes(caseid) && trip.meeting
          ? [{ caseid, ...trip.meeting, airport: from_airport, zone: origin_timezone }]
          : [],
      );
    },
  });
  const refetch = () => void queryClient.invalidateQueries({ queryKey: key });
  useLiveEvent('request.trip', refetch);
  useLiveEvent('request.matched', refetch);
  return enabled ? (query.data ?? []) : [];
}
