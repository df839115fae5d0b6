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
import { PICKUP_PASS_VERSION, type SharedTrip } from '@safarsaathi/contracts';
import {
  errorMessage,
  fillPlaceholders,
  loadAirports,
  ReadAloudButton,
  useFormat,
} from '@safarsaathi/web-kit';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type RefObject } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { companionApi } from '../api';
import { Detail } from '../common/Detail';
import { formatDate } from '../common/format';
import { useCompanionTexts } from '../i18n';
import { familyStatusLine, familyTitle } from '../share/familyStatus';
import { ShareTripButton } from '../share/ShareTripButton';
import { SharedTimeline } from '../share/SharedTimeline';
import { useFamilyWords, useTripPlaces } from '../share/useFamilyPage';
import { SHARED_POLL_MS, sharedTripKey, useSharedTripLive } from '../share/useSharedTripLive';

const flightName = (flight: { airline: string | null; flightNumber: string | null }) =>
  [flight.airline, flight.flightNumber].filter(Boolean).join(' ');

/**
 * The trip's details under the status line: route, dates, flights, the companion, the trip day. Read aloud
 * reads `readable`: the title and status line above the card too.
 */
function TripCard({
  trip,
  live,
  readable,
}: {
  trip: SharedTrip;
  live: boolean;
  readable: RefObject<HTMLElement | null>;
}) {
  const S = useCompanionTexts().share;
  const T = useCompanionTexts().companion;
  const format = useFormat();
  const lastInstant = new Date(Date.parse(trip.expiresAt) - 1).toISOString().slice(0, 10);
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }} data-testid="shared-trip">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <FlightTakeoffIcon color="primary" />
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }} data-testid="shared-route">
              {trip.from} → {trip.to}
            </Typography>
          </Stack>

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

          {/* Only a companion who is there: "looking for one" is the status line's to say, once. */}
          {trip.kind === 'request' && trip.match && (
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
                <Stack spacing={1} data-testid="shared-match">
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
                  >
                    <Typography sx={{ fontWeight: 700 }}>{trip.match.firstName}</Typography>
                    <Chip
                      size="small"
                      color="success"
                      label={trip.match.badge === 'Complete Match' ? T.completeMatchBadge : T.matchBadge}
                    />
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
            <ReadAloudButton source={readable} />
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * Whose trip it is and how it stands, in one line each (issue 38), with Share: the first thing the family
 * reads. The status line is a live region: it says what changed when the page refetches.
 */
function TripHeader({ trip }: { trip: SharedTrip }) {
  const S = useCompanionTexts().share;
  const P = useCompanionTexts().papers.familyPage;
  const words = useFamilyWords();
  const places = useTripPlaces(trip);
  const [copied, setCopied] = useState(false);
  return (
    <Stack spacing={2} sx={{ mb: 3, alignItems: 'flex-start' }}>
      {/* Opened from a printed pickup pass (issue 39): whether its code is still the one to give. */}
      {trip.pickupPass && (
        <Alert
          severity={trip.pickupPass === 'current' ? 'success' : 'error'}
          sx={{ width: '100%' }}
          data-testid="pickup-pass-status"
          data-status={trip.pickupPass}
        >
          {trip.pickupPass === 'current' ? P.passCurrent : P.passOutdated}
        </Alert>
      )}
      <Typography variant="h4" component="h1" sx={TITLE_SX} data-testid="shared-title">
        {familyTitle(trip, words, places)}
      </Typography>
      <Typography
        role="status"
        data-testid="shared-status"
        sx={{ fontSize: { xs: '1.25rem', md: '1.375rem' }, fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {familyStatusLine(trip, words, places)}
      </Typography>
      <ShareTripButton trip={trip} url={window.location.href} onCopied={() => setCopied(true)} />
      <Typography variant="body2" color="success.main" role="status" data-testid="share-copied">
        {copied ? S.copied : ''}
      </Typography>
      <Typography color="text.secondary">{S.readOnly}</Typography>
    </Stack>
  );
}

const TITLE_SX = { fontWeight: 800, fontSize: { xs: '1.75rem', md: '2.125rem' }, overflowWrap: 'anywhere' };

/** The airport list (the cities of the trip's times) loads with the page's module, so it renders once. */
export const preload = (): Promise<unknown> => loadAirports();

/**
 * `/shared/:token` (issue 14): a trip shared by its owner, read-only, for anyone holding the link. It
 * follows live (addendum §1.6): refetched on each `changed` of the link's stream, polled while the stream
 * is not open, and left alone once the link answers an error (turned off, expired).
 */
export default function SharedTripPage() {
  const S = useCompanionTexts().share;
  const { token = '' } = useParams();
  // A printed pickup pass's QR link carries `?pass=` (issue 39); anything else in it is not asked about.
  const passParam = useSearchParams()[0].get('pass');
  const pass = passParam && PICKUP_PASS_VERSION.test(passParam) ? passParam : undefined;
  const [live, setLive] = useState(false);
  const readable = useRef<HTMLDivElement>(null);
  const trip = useQuery({
    // Under the link's key (which the live stream refreshes), with the pass asked about.
    queryKey: [...sharedTripKey(token), pass ?? null],
    queryFn: ({ signal }) => companionApi.sharedTrip(token, signal, pass),
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
    content = (
      <Box ref={readable}>
        <TripHeader trip={trip.data} />
        <TripCard trip={trip.data} live={live} readable={readable} />
      </Box>
    );
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      {!trip.isSuccess && (
        <>
          <Typography variant="h4" component="h1" sx={{ ...TITLE_SX, mb: 1 }}>
            {S.pageTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {S.readOnly}
          </Typography>
        </>
      )}
      {content}
    </Container>
  );
}
