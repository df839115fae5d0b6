import FlightTakeoffIcon from '@mui/icons-material/FlightTakeoff';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Container,
  Divider,
  Stack,
  Typography,
} from '@mui/material';
import type { SharedTrip } from '@safarsaathi/contracts';
import { errorMessage, ReadAloudButton, useFormat } from '@safarsaathi/web-kit';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { companionApi } from '../api';
import { Detail } from '../common/Detail';
import { formatDate } from '../common/format';
import { useCompanionTexts } from '../i18n';
import { fillPlaceholders } from '@safarsaathi/web-kit';
import { SharedTimeline } from '../share/SharedTimeline';
import { SHARED_POLL_MS, sharedTripKey, useSharedTripLive } from '../share/useSharedTripLive';

const flightName = (flight: { airline: string | null; flightNumber: string | null }) =>
  [flight.airline, flight.flightNumber].filter(Boolean).join(' ');

function TripCard({ trip, live }: { trip: SharedTrip; live: boolean }) {
  const S = useCompanionTexts().share;
  const format = useFormat();
  const lastInstant = new Date(Date.parse(trip.expiresAt) - 1).toISOString().slice(0, 10);
  const card = useRef<HTMLDivElement>(null);
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }} data-testid="shared-trip" ref={card}>
      <CardContent>
        <Stack spacing={2}>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <FlightTakeoffIcon color="primary" />
              <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }} data-testid="shared-route">
                {trip.from} → {trip.to}
              </Typography>
            </Stack>
            <Chip
              label={trip.lookingAgain ? S.lookingAgain : trip.status}
              color={trip.match ? 'success' : trip.lookingAgain ? 'warning' : 'default'}
              aria-label={`${S.status}: ${trip.lookingAgain ? S.lookingAgain : trip.status}`}
            />
          </Stack>
          {/* "Looking for a companion" beside "Looking for a new companion" would say it twice. */}
          {!trip.lookingAgain && (
            <Typography color="text.secondary">{S.lookingFor[trip.lookingFor]}</Typography>
          )}

          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {trip.date && <Detail label={S.date} value={formatDate(trip.date)} />}
            {trip.tentative && (
              <Detail
                label={S.tentative}
                value={`${formatDate(trip.tentative.from)} – ${formatDate(trip.tentative.to)}`}
              />
            )}
          </Box>

          <Divider />
          <Box component="section" aria-labelledby="shared-flights">
            <Typography
              id="shared-flights"
              variant="subtitle1"
              component="h3"
              sx={{ fontWeight: 700, mb: 1 }}
            >
              {trip.flights.length > 1 ? S.flights : S.flight}
            </Typography>
            <Stack spacing={1}>
              {trip.flights.map((flight, index) => (
                <Box
                  key={index}
                  sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' } }}
                >
                  <Detail label={S.route} value={`${flight.from} → ${flight.to}`} />
                  <Detail label={S.date} value={flight.date ? formatDate(flight.date) : '—'} />
                  <Detail label={S.flight} value={flightName(flight) || '—'} />
                </Box>
              ))}
            </Stack>
          </Box>

          {trip.layovers.length > 0 && (
            <Box component="section" aria-labelledby="shared-layovers">
              <Typography
                id="shared-layovers"
                variant="subtitle1"
                component="h3"
                sx={{ fontWeight: 700, mb: 1 }}
              >
                {S.layovers}
              </Typography>
              {trip.layovers.map((layover) => (
                <Typography key={layover.airport} variant="body2">
                  <strong>{layover.airport}</strong> {flightName(layover)}
                </Typography>
              ))}
            </Box>
          )}

          {trip.kind === 'request' && (
            <>
              <Divider />
              <Box component="section" aria-labelledby="shared-companion">
                <Typography
                  id="shared-companion"
                  variant="subtitle1"
                  component="h3"
                  sx={{ fontWeight: 700, mb: 1 }}
                >
                  {S.companion}
                </Typography>
                {trip.match ? (
                  <Stack spacing={1} data-testid="shared-match">
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
                    >
                      <Typography sx={{ fontWeight: 700 }}>{trip.match.firstName}</Typography>
                      <Chip size="small" color="success" label={trip.match.badge} />
                    </Stack>
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
                    >
                      <Typography variant="body2" color="text.secondary">
                        {S.languages}:
                      </Typography>
                      {trip.match.languages.map((language) => (
                        <Chip
                          key={language}
                          size="small"
                          variant="outlined"
                          label={format.language(language)}
                        />
                      ))}
                    </Stack>
                  </Stack>
                ) : (
                  <Typography color="text.secondary" data-testid="shared-no-match">
                    {trip.lookingAgain ? S.lookingAgain : S.noMatchYet}
                  </Typography>
                )}
              </Box>
            </>
          )}
          {trip.kind === 'request' && (trip.match || trip.meeting || trip.milestones.length > 0) && (
            <>
              <Divider />
              <SharedTimeline trip={trip} live={live} />
            </>
          )}
          <Typography variant="caption" color="text.secondary">
            {fillPlaceholders(S.expires, { date: formatDate(lastInstant) })}
          </Typography>
          <Box sx={{ alignSelf: 'flex-start' }}>
            <ReadAloudButton source={card} />
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * `/shared/:token` (issue 14): a trip shared by its owner, read-only, for anyone holding the link. It
 * follows live (addendum §1.6): refetched on each `changed` of the link's stream, polled while the stream
 * is not open, and left alone once the link answers an error (turned off, expired).
 */
export default function SharedTripPage() {
  const S = useCompanionTexts().share;
  const { token = '' } = useParams();
  const [live, setLive] = useState(false);
  const trip = useQuery({
    queryKey: sharedTripKey(token),
    queryFn: ({ signal }) => companionApi.sharedTrip(token, signal),
    retry: false,
    refetchInterval: (query) => (query.state.status === 'success' && !live ? SHARED_POLL_MS : false),
  });
  useSharedTripLive(token, trip.isSuccess, setLive);

  let content;
  if (trip.isPending) {
    content = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'center', py: 6 }}>
        <CircularProgress size={24} />
        <Typography color="text.secondary">{S.loading}</Typography>
      </Stack>
    );
  } else if (trip.isError) {
    content = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="warning" role="alert" sx={{ width: '100%' }} data-testid="shared-trip-error">
          {errorMessage(trip.error, S.openFailed)}
        </Alert>
        <Button component={RouterLink} to="/" variant="outlined">
          {S.home}
        </Button>
      </Stack>
    );
  } else {
    content = <TripCard trip={trip.data} live={live} />;
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 800, fontSize: { xs: '1.75rem', md: '2.125rem' }, mb: 1 }}
      >
        {S.pageTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {S.readOnly}
      </Typography>
      {content}
    </Container>
  );
}
