import EditIcon from '@mui/icons-material/Edit';
import EventIcon from '@mui/icons-material/Event';
import FlightTakeoffIcon from '@mui/icons-material/FlightTakeoff';
import ShareIcon from '@mui/icons-material/Share';
import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Divider,
  Stack,
  Typography,
} from '@mui/material';
import {
  FLIGHT_BADGES,
  LIMITS,
  firstNameOf,
  hasMatch,
  mainFlightStatus,
  matchLabel,
  type CompanionRequestView,
  type FlightStatus,
} from '@safarsaathi/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { calendarUrl, companionApi } from '../api';
import { ShareDialog } from '../share/ShareDialog';
import { TripDayPanel, useReplaceView } from './TripDay';
import { ReferencesPanel, TrustSummary } from './References';
import { caseIdElementId } from './cardSection';
import { PapersPanel, hasTravellerDetails, useArrivalText, useDepartureText } from './Papers';
import { formatDate } from '../common/format';
import { useCompanionTexts } from '../i18n';
import {
  fillPlaceholders,
  postedForCatalogue,
  ReadAloudButton,
  useCatalogue,
  useFormat,
  useSession,
} from '@safarsaathi/web-kit';

type Layover = CompanionRequestView['layovers'][number];
type LayoverFlight = Layover[string];

const BADGE_COLOR: Record<FlightStatus, 'success' | 'info' | 'warning'> = {
  same_flight: 'success',
  same_route: 'info',
  different: 'warning',
};

function FlightBadge({ status }: { status: FlightStatus | null }) {
  if (!status) return null;
  return (
    <Chip size="small" color={BADGE_COLOR[status]} label={FLIGHT_BADGES[status]} data-testid="flight-badge" />
  );
}

function languagesOf(text: string): string[] {
  return text
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean);
}

function LanguageChips({ text }: { text: string }) {
  const format = useFormat();
  const languages = languagesOf(text);
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {languages.slice(0, LIMITS.languageChipsMax).map((language) => (
        <Chip key={language} size="small" variant="outlined" label={format.language(language)} />
      ))}
    </Stack>
  );
}

/** 'male' / 'female' / 'other' as the reader says it; a value outside the list is shown as stored. */
function useGenderName(): (gender: string) => string {
  const genders: Readonly<Record<string, string>> = useCompanionTexts().form.genders;
  return (gender) => genders[gender] ?? gender;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 96 }}>
        {label}
      </Typography>
      <Box component="span" sx={{ typography: 'body2', fontWeight: 600, wordBreak: 'break-word' }}>
        {children}
      </Box>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 700, mb: 0.75 }}>
        {title}
      </Typography>
      <Stack spacing={0.5}>{children}</Stack>
    </Box>
  );
}

const flightText = (flight: LayoverFlight | null | undefined) =>
  flight
    ? [flight.airlines, flight.flight_number, formatDate(flight.date)].filter(Boolean).join(' · ') || '—'
    : '—';

function layoverEntries(layovers: Layover[]): Array<[string, LayoverFlight]> {
  return layovers.flatMap((layover) => Object.entries(layover));
}

/** "Posted by Meera for Kamala" (issue 38): the account that posted a request for someone of its family. */
function PostedBy({ owner, traveller }: { owner: string; traveller: string }) {
  const F = useCatalogue(postedForCatalogue);
  return (
    <Typography variant="body2" color="text.secondary" data-testid="posted-for">
      {fillPlaceholders(F.postedBy, { owner, traveller: firstNameOf(traveller) })}
    </Typography>
  );
}

/** Shown once at every new match, to both parties, until its owner says they have read it. */
function SafetyNote({ request }: { request: CompanionRequestView }) {
  const T = useCompanionTexts().companion;
  const replaceView = useReplaceView();
  const seen = useMutation({
    mutationFn: () => companionApi.safetyNoteSeen(request.caseid),
    onSuccess: replaceView,
  });
  // The button under the words, not beside them: at 360 px with large text a side button squeezes the
  // words of the longer languages into broken lines.
  return (
    <Alert
      severity="info"
      icon={<ShieldOutlinedIcon fontSize="inherit" />}
      data-testid="safety-note"
      sx={{ mb: 1.5 }}
    >
      <Typography variant="body2">{T.safetyNote}</Typography>
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        sx={{ mt: 1 }}
        onClick={() => seen.mutate()}
        loading={seen.isPending}
      >
        {T.safetyNoteSeen}
      </Button>
    </Alert>
  );
}

function MatchPanel({ request }: { request: CompanionRequestView }) {
  const T = useCompanionTexts().companion;
  const genderName = useGenderName();
  const C = useCompanionTexts().card;
  const companion = request.matched_companion;
  const label = matchLabel(request);
  if (!companion) {
    return (
      <Alert severity="success" icon={false} data-testid="match-panel">
        <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 700 }}>
          {T.yourMatch}
        </Typography>
        <Typography variant="body2">
          {T.matchFoundCase}
          {request.companion_match_caseid}
        </Typography>
      </Alert>
    );
  }
  const status = mainFlightStatus(request);
  const ownLayovers = new Map(layoverEntries(request.layovers));
  const details = request.match_details?.layovers ?? [];
  return (
    <Box
      sx={{ border: 1, borderColor: 'success.light', bgcolor: 'rgba(46,125,50,0.04)', borderRadius: 2, p: 2 }}
      data-testid="match-panel"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1.5 }}>
        <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 700, flexGrow: 1 }}>
          {T.yourMatch}
        </Typography>
        <Chip
          size="small"
          color={label === 'Complete Match' ? 'success' : 'primary'}
          label={label === 'Complete Match' ? T.completeMatchBadge : T.matchBadge}
        />
        <Chip
          size="small"
          variant="outlined"
          label={companion.companion_price === 0 ? T.freeCompanion : T.paidCompanion}
        />
      </Stack>
      <Stack spacing={0.5} sx={{ mb: 1.5 }}>
        <Typography variant="body1" sx={{ fontWeight: 700 }}>
          {companion.name}
        </Typography>
        {companion.posted_for === 'family' && companion.owner_first_name && (
          <PostedBy owner={companion.owner_first_name} traveller={companion.name} />
        )}
        <LanguageChips text={companion.languages_known} />
        <Typography variant="body2" color="text.secondary">
          {genderName(companion.passenger_gender)}, {companion.passenger_age}
        </Typography>
        {companion.trust && (
          <TrustSummary trust={companion.trust} owner={companion.owner_first_name ?? null} />
        )}
      </Stack>
      {request.safety_note && <SafetyNote request={request} />}
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, p: 1.5, bgcolor: 'background.paper' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 700, flexGrow: 1 }}>
            {T.ticketsBooked}: {companion.from_airport} → {companion.to_airport}
          </Typography>
          <FlightBadge status={status} />
        </Stack>
        <Stack spacing={0.25}>
          <Row label={C.airline}>{companion.airlines ?? '—'}</Row>
          <Row label={C.flightNumber}>{companion.flight_number ?? '—'}</Row>
          <Row label={C.date}>{formatDate(companion.travel_date) || '—'}</Row>
        </Stack>
      </Box>
      {details.length > 0 ? (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 700, mb: 0.5 }}>
            {T.layoverCompatibility}
          </Typography>
          <Stack spacing={1}>
            {details.map((layover) => (
              <Box key={layover.airport} sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, p: 1 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                  <Typography variant="body2" sx={{ fontWeight: 700, flexGrow: 1 }}>
                    {layover.airport}
                  </Typography>
                  <FlightBadge status={layover.status} />
                </Stack>
                <Row label={C.yourFlight}>
                  {flightText(layover.user_flight ?? ownLayovers.get(layover.airport))}
                </Row>
                <Row label={C.companion}>{flightText(layover.matched_flight)}</Row>
              </Box>
            ))}
          </Stack>
        </Box>
      ) : companion.layovers.length > 0 ? (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 700, mb: 0.5 }}>
            {T.companionLayovers}
          </Typography>
          {layoverEntries(companion.layovers).map(([airport, flight]) => (
            <Row key={airport} label={airport}>
              {flightText(flight)}
            </Row>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

interface Props {
  request: CompanionRequestView;
  onCancel: (request: CompanionRequestView) => void;
  /** Opens the request form filled in with this request (a flight change, addendum §1.4). */
  onEdit: (request: CompanionRequestView) => void;
  onContact: (request: CompanionRequestView) => void;
  contacting: boolean;
  /** Why Contact Companion failed, shown next to the button that was pressed. */
  contactError?: string | null;
  onDismissContactError?: () => void;
  /** The card a link or a new post brought the reader to: scrolled into view and marked. */
  focused?: boolean;
}

/** One active companion request (spec §2 Companion Service screen, active request card). */
export function RequestCard({
  request,
  onCancel,
  onEdit,
  onContact,
  contacting,
  contactError,
  onDismissContactError,
  focused = false,
}: Props) {
  const T = useCompanionTexts().companion;
  const genderName = useGenderName();
  const C = useCompanionTexts().card;
  const S = useCompanionTexts().share;
  const D = useCompanionTexts().tripDay;
  const A = useCompanionTexts().papers;
  const arrival = useArrivalText(request);
  const departure = useDepartureText(request);
  const format = useFormat();
  const { user } = useSession();
  const owner = firstNameOf(user?.fullname, '');
  const matched = hasMatch(request);
  const need = request.role === 'need';
  const layovers = layoverEntries(request.layovers);
  const [sharing, setSharing] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focused) return;
    card.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    card.current?.focus({ preventScroll: true });
  }, [focused]);
  return (
    <Card
      variant="outlined"
      sx={{
        borderRadius: 3,
        scrollMarginTop: 16,
        ...(focused ? { borderColor: 'primary.main', borderWidth: 2, outline: 'none' } : {}),
      }}
      data-testid="companion-request-card"
      data-caseid={request.caseid}
      data-focused={focused || undefined}
      // Focusable only to take the focus when a link brings the reader here.
      tabIndex={focused ? -1 : undefined}
      ref={card}
    >
      <CardContent>
        <Stack spacing={2}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
          >
            <Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <FlightTakeoffIcon color="primary" fontSize="small" />
                <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }} data-testid="request-route">
                  {request.from_airport} → {request.to_airport}
                </Typography>
              </Stack>
              <Typography
                variant="caption"
                color="text.secondary"
                data-testid="request-caseid"
                id={caseIdElementId(request.caseid)}
              >
                {request.caseid}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Chip size="small" variant="outlined" color="primary" label={need ? T.seeking : T.offering} />
              {matched ? (
                <Chip size="small" color="success" label={T.matchFound} />
              ) : request.looking_again ? (
                <Chip size="small" color="warning" label={T.lookingAgain} data-testid="looking-again" />
              ) : need ? (
                <Chip size="small" color="default" label={T.matchNotFound} />
              ) : null}
            </Stack>
          </Stack>

          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {request.confirmed_ticket && (
              <Section title={T.flightDetails}>
                <Row label={C.from}>{request.from_airport}</Row>
                <Row label={C.to}>{request.to_airport}</Row>
                <Row label={C.date}>{formatDate(request.date) || '—'}</Row>
                <Row label={C.flight}>
                  {[request.airlines, request.flight_number].filter(Boolean).join(' ') || '—'}
                </Row>
                {departure && (
                  <Row label={D.departure}>
                    <span data-testid="request-departure">{departure}</span>
                  </Row>
                )}
                {arrival && (
                  <Row label={A.card.arrival}>
                    <span data-testid="request-arrival">{arrival}</span>
                  </Row>
                )}
              </Section>
            )}
            <Section title={T.travellerDetails}>
              <Row label={C.passenger}>
                {request.passenger_name}, {request.passenger_age}, {genderName(request.passenger_gender)}
              </Row>
              {request.posted_for === 'family' && owner && (
                <PostedBy owner={owner} traveller={request.passenger_name} />
              )}
              {!request.confirmed_ticket && request.tentative_from_date && (
                <Row label={T.ticketsNotBooked}>
                  {formatDate(request.tentative_from_date)} – {formatDate(request.tentative_to_date)}
                </Row>
              )}
              <Row label={C.languages}>
                <LanguageChips text={request.languages_known} />
              </Row>
              <Row label={C.price}>
                {request.companion_price === 0 ? T.freeService : format.price(request.companion_price)}
              </Row>
            </Section>
          </Box>

          {need && hasTravellerDetails(request) && (
            // Issue 39: what the traveller's card and the pickup pass print, as the owner gave it.
            <Box data-testid="traveller-papers-details">
              <Section title={A.card.travellerTitle}>
                {request.destination_address && (
                  <Row label={A.card.address}>
                    <span lang="en">{request.destination_address}</span>
                  </Row>
                )}
                {request.receiver_name && <Row label={A.card.receiver}>{request.receiver_name}</Row>}
                {request.assistance && request.assistance.wheelchair !== 'none' && (
                  <Row label={A.card.wheelchair}>{A.wheelchair[request.assistance.wheelchair]}</Row>
                )}
                {request.assistance?.notes && <Row label={A.card.notes}>{request.assistance.notes}</Row>}
              </Section>
            </Box>
          )}

          {layovers.length > 0 && (
            <Section title={T.layovers}>
              {layovers.map(([airport, flight]) => (
                <Row key={airport} label={airport}>
                  {flightText(flight)}
                </Row>
              ))}
            </Section>
          )}

          {matched && <MatchPanel request={request} />}
          {!matched && request.looking_again && (
            <Alert severity="info" data-testid="looking-again-note">
              {need ? T.lookingAgainNeed : T.lookingAgainProvide}
            </Alert>
          )}
          {!matched && !request.looking_again && request.status === 'active' && (
            // What happens next, for a request still waiting (right after posting, and any time after).
            <Alert severity="info" icon={false} data-testid="next-steps">
              <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 700 }}>
                {T.nextTitle}
              </Typography>
              {need ? T.nextNeed : T.nextProvide}
            </Alert>
          )}
          {matched && <TripDayPanel request={request} />}
          {matched && <ReferencesPanel request={request} />}
          {request.status === 'active' && <PapersPanel request={request} />}

          <Divider />
          {contactError && (
            <Alert severity="error" role="alert" onClose={onDismissContactError} data-testid="contact-error">
              {contactError}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <ReadAloudButton source={card} />
            {matched && (
              // Both sides start the chat from their card ("Message Arjun"). Not `loading` (which disables):
              // a disabled button drops the keyboard focus, and the chat dialog could then not give it back.
              <Button
                variant="contained"
                aria-disabled={contacting || undefined}
                startIcon={
                  contacting ? (
                    <CircularProgress size={16} color="inherit" aria-label={C.startingChat} />
                  ) : undefined
                }
                onClick={contacting ? undefined : () => onContact(request)}
                data-testid="message-match"
              >
                {fillPlaceholders(T.messageName, {
                  name: firstNameOf(request.matched_companion?.name, T.contactFallbackName),
                })}
              </Button>
            )}
            {request.date && (
              <Button
                variant="outlined"
                startIcon={<EventIcon />}
                href={calendarUrl(request.caseid)}
                download
              >
                {D.calendar}
              </Button>
            )}
            <Button variant="outlined" startIcon={<EditIcon />} onClick={() => onEdit(request)}>
              {D.edit}
            </Button>
            <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => setSharing(true)}>
              {S.share}
            </Button>
            <Button variant="outlined" color="error" onClick={() => onCancel(request)}>
              {T.cancelRequest}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
      <ShareDialog
        trip={sharing ? { kind: 'request', id: request.caseid } : null}
        onClose={() => setSharing(false)}
      />
    </Card>
  );
}
