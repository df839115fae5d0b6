import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PlaceIcon from '@mui/icons-material/Place';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Typography } from '@mui/material';
import type { SharedTrip } from '@safarsaathi/contracts';
import type { ReactNode } from 'react';
import { useCompanionTexts } from '../i18n';
import { MILESTONE_AT, milestoneSteps } from './familyStatus';
import { useTripPlaces } from './useFamilyPage';

function Step({
  done,
  icon,
  title,
  detail,
  testId,
}: {
  done: boolean;
  icon?: ReactNode;
  title: string;
  detail: string;
  testId: string;
}) {
  return (
    <Box
      component="li"
      data-testid={testId}
      data-done={done}
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', py: 0.75 }}
    >
      <Box aria-hidden sx={{ pt: 0.25, color: done ? 'success.main' : 'text.secondary', display: 'flex' }}>
        {icon ?? (done ? <CheckCircleIcon /> : <RadioButtonUncheckedIcon />)}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: done ? 700 : 400, overflowWrap: 'anywhere' }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * The family link's timeline (addendum §1.6): the meeting point, then each milestone, done or not yet. A
 * milestone a later one implies shows done without a time (milestoneSteps). Times are on the clock of the
 * airport where each thing happens, named by its city: the meeting, meeting the companion and boarding at
 * the origin, landing and the hand-over at the destination (issue 38).
 */
export function SharedTimeline({ trip, live }: { trip: SharedTrip; live: boolean }) {
  const S = useCompanionTexts().share;
  const places = useTripPlaces(trip);
  return (
    <Box component="section" aria-labelledby="shared-trip-day" data-testid="shared-timeline">
      <Typography id="shared-trip-day" variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
        {S.tripDay}
      </Typography>
      {/* Not a live region itself: the status line above says what changed, once. */}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        <Step
          testId="shared-meeting"
          done={trip.meeting !== null}
          icon={<PlaceIcon />}
          title={trip.meeting ? `${S.meetingPoint}: ${trip.meeting.place}` : S.meetingPoint}
          detail={trip.meeting ? places.time(trip.meeting.time, 'origin', true) : S.noMeetingYet}
        />
        {milestoneSteps(trip.milestones).map(({ milestone, done, at }) => (
          <Step
            key={milestone}
            testId={`shared-milestone-${milestone}`}
            done={done}
            title={S.milestones[milestone]}
            detail={
              !done ? S.notYet : at ? `${S.done}, ${places.time(at, MILESTONE_AT[milestone], true)}` : S.done
            }
          />
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" data-testid="shared-live-status">
        {live ? S.liveOn : S.liveOff}
      </Typography>
    </Box>
  );
}
