import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PlaceIcon from '@mui/icons-material/Place';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Typography } from '@mui/material';
import { INTL_LOCALE, MILESTONES, type SharedTrip } from '@safarsaathi/contracts';
import { activeLocale, fillPlaceholders } from '@safarsaathi/web-kit';
import type { ReactNode } from 'react';
import { useCompanionTexts } from '../i18n';

/**
 * An instant as the family reads it: in the origin airport's zone, naming it, when the view knows the zone
 * (the addendum: every time says which zone it is in); otherwise in the reader's own, with its short name.
 */
function useTripTime(zone: string | null): (iso: string) => string {
  const S = useCompanionTexts().share;
  const locale = INTL_LOCALE[activeLocale()];
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  };
  return (iso) => {
    const instant = new Date(iso);
    if (Number.isNaN(instant.getTime())) return iso;
    if (zone) {
      try {
        const time = instant.toLocaleString(locale, { ...options, timeZone: zone });
        return fillPlaceholders(S.timeInZone, { time, zone });
      } catch {
        // A zone this browser does not know: the reader's own, named below.
      }
    }
    return instant.toLocaleString(locale, { ...options, timeZoneName: 'short' });
  };
}

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

/** The family link's timeline (addendum §1.6): the meeting point, then each milestone, done or not yet. */
export function SharedTimeline({ trip, live }: { trip: SharedTrip; live: boolean }) {
  const S = useCompanionTexts().share;
  const timeOf = useTripTime(trip.origin_timezone);
  const recorded = new Map(trip.milestones.map((entry) => [entry.milestone, entry.at]));
  return (
    <Box component="section" aria-labelledby="shared-trip-day" data-testid="shared-timeline">
      <Typography id="shared-trip-day" variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
        {S.tripDay}
      </Typography>
      {/* Read out when a step is recorded while the page is open. */}
      <Box component="ol" aria-live="polite" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        <Step
          testId="shared-meeting"
          done={trip.meeting !== null}
          icon={<PlaceIcon />}
          title={trip.meeting ? `${S.meetingPoint}: ${trip.meeting.place}` : S.meetingPoint}
          detail={trip.meeting ? timeOf(trip.meeting.time) : S.noMeetingYet}
        />
        {MILESTONES.map((milestone) => {
          const at = recorded.get(milestone);
          return (
            <Step
              key={milestone}
              testId={`shared-milestone-${milestone}`}
              done={at !== undefined}
              title={S.milestones[milestone]}
              detail={at ? `${S.done}, ${timeOf(at)}` : S.notYet}
            />
          );
        })}
      </Box>
      <Typography variant="caption" color="text.secondary" data-testid="shared-live-status">
        {live ? S.liveOn : S.liveOff}
      </Typography>
    </Box>
  );
}
