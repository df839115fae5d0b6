/**
 * The trip day on a matched request's card (addendum §1.1–1.3): the meeting point with its dialog, the
 * milestones as a one-tap step list inside the window, the need side's hand-over code, the companion
 * side's hand-over dialog and the seeker's emergency contact. Every time is shown in the origin airport's
 * zone and says which.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PlaceIcon from '@mui/icons-material/Place';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  HANDOVER_CODE,
  TRIP_MESSAGES,
  todayIso,
  type CompanionRequestView,
  type Milestone,
} from '@safarsaathi/contracts';
import {
  ApiError,
  airportCity,
  browserZone,
  fillPlaceholders,
  formatInZone,
  isoToZonedInput,
  translateMessage,
  useAirports,
  useFormat,
  zonedInputToIso,
} from '@safarsaathi/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { REQUESTS_KEY, companionApi } from '../api';
import { formatDate } from '../common/format';
import { useCompanionTexts } from '../i18n';
import { stepStates, tripDateOf, tripWindow } from './tripDay';
import { cardSectionLabelledBy } from './cardSection';

type TripTexts = ReturnType<typeof useCompanionTexts>['tripDay'];

/** The error text a trip call answered with, in the reader's language; `fallback` when it said nothing. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.error ? translateMessage(error.error, error.code) : fallback;
}

/** The zone the card's times are shown in: the origin airport's, else (an airport the data lacks) the reader's. */
export function useTripZone(request: CompanionRequestView) {
  const T = useCompanionTexts().tripDay;
  const airports = useAirports();
  const zone = request.origin_timezone ?? browserZone();
  const known = Boolean(request.origin_timezone);
  // The airport's clock is named by its city ("local time at DEL (New Delhi)"), never by a zone name (issue
  // 39); the reader's own clock, when the airport's is unknown, keeps its zone name.
  const vars = {
    airport: request.from_airport,
    zone: known ? airportCity(airports, request.from_airport) : zone,
  };
  return {
    zone,
    note: fillPlaceholders(known ? T.zoneNote : T.zoneNoteBrowser, vars),
    inputHelp: fillPlaceholders(known ? T.dateTimeHelp : T.dateTimeHelpBrowser, vars),
  };
}

/** The list's copy of a request is replaced by the view a trip call answered with, then refetched. */
export function useReplaceView() {
  const queryClient = useQueryClient();
  return (view: CompanionRequestView) => {
    queryClient.setQueryData<CompanionRequestView[]>(REQUESTS_KEY, (list) =>
      list?.map((request) => (request.caseid === view.caseid ? view : request)),
    );
    void queryClient.invalidateQueries({ queryKey: REQUESTS_KEY });
  };
}

function SubSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" component="h5" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function MeetingDialog({
  request,
  open,
  onClose,
}: {
  request: CompanionRequestView;
  open: boolean;
  onClose: () => void;
}) {
  const T = useCompanionTexts().tripDay;
  const { zone, inputHelp } = useTripZone(request);
  const replaceView = useReplaceView();
  const titleId = useId();
  const meeting = request.trip.meeting;
  const [place, setPlace] = useState(meeting?.place ?? '');
  const [time, setTime] = useState(meeting ? isoToZonedInput(meeting.time, zone) : '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: { place: string; time: string }) => companionApi.setMeeting(request.caseid, body),
    onSuccess: (view) => {
      replaceView(view);
      onClose();
    },
    onError: (cause) => setError(errorText(cause, T.saveFailed)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const iso = zonedInputToIso(time, zone);
    if (!place.trim()) return setError(translateMessage(TRIP_MESSAGES.placeRequired));
    if (!iso) return setError(T.dateTimeRequired);
    setError(null);
    save.mutate({ place: place.trim(), time: iso });
  };
  return (
    <Dialog
      open={open}
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      data-testid="meeting-dialog"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{T.meetingDialogTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={T.place}
              required
              autoFocus
              value={place}
              onChange={(event) => setPlace(event.target.value)}
              helperText={T.placeHelp}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField
              label={T.dateTime}
              required
              type="datetime-local"
              value={time}
              onChange={(event) => setTime(event.target.value)}
              helperText={inputHelp}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {T.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? T.saving : T.save}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function HandoverDialog({
  request,
  open,
  onClose,
}: {
  request: CompanionRequestView;
  open: boolean;
  onClose: () => void;
}) {
  const T = useCompanionTexts().tripDay;
  const replaceView = useReplaceView();
  const titleId = useId();
  const textId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const record = useMutation({
    mutationFn: (handover_code: string) =>
      companionApi.recordMilestone(request.caseid, { milestone: 'handed_over', handover_code }),
    onSuccess: (view) => {
      replaceView(view);
      onClose();
    },
    onError: (cause) =>
      setError(
        cause instanceof ApiError && cause.status === 429 ? T.codeLocked : errorText(cause, T.recordFailed),
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!HANDOVER_CODE.test(typed)) return setError(translateMessage(TRIP_MESSAGES.codeWrong));
    setError(null);
    record.mutate(typed);
  };
  return (
    <Dialog
      open={open}
      onClose={record.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
      data-testid="handover-dialog"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{T.handoverDialogTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId} sx={{ mb: 2 }}>
            {T.handoverDialogText}
          </DialogContentText>
          <TextField
            label={T.code}
            required
            autoFocus
            fullWidth
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={Boolean(error)}
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                autoComplete: 'one-time-code',
                maxLength: 7,
                style: { fontSize: '1.5rem', letterSpacing: '0.3em' },
              },
            }}
          />
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="handover-error">
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={record.isPending}>
            {T.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={record.isPending}>
            {T.confirmHandover}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function windowText(T: TripTexts, request: CompanionRequestView): string | null {
  const window = tripWindow(tripDateOf(request), todayIso());
  if (window.state === 'open') return null;
  if (window.state === 'unknown') return T.windowUnknown;
  const dates = { from: formatDate(window.from), to: formatDate(window.to) };
  return fillPlaceholders(window.state === 'before' ? T.windowBefore : T.windowAfter, dates);
}

function Steps({ request, zone }: { request: CompanionRequestView; zone: string }) {
  const T = useCompanionTexts().tripDay;
  const format = useFormat();
  const replaceView = useReplaceView();
  const [handover, setHandover] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const closed = windowText(T, request);
  const recordedBy = new Map(request.trip.milestones.map((entry) => [entry.milestone, entry]));
  const record = useMutation({
    mutationFn: (milestone: Milestone) => companionApi.recordMilestone(request.caseid, { milestone }),
    onMutate: () => setError(null),
    onSuccess: replaceView,
    onError: (cause) => setError(errorText(cause, T.recordFailed)),
  });
  return (
    <SubSection title={T.stepsTitle}>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="trip-steps">
        {stepStates(request).map(({ milestone, state }) => {
          const entry = recordedBy.get(milestone);
          const name = T.steps[milestone];
          return (
            <Box
              component="li"
              key={milestone}
              data-testid={`step-${milestone}`}
              data-state={state}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, flexWrap: 'wrap' }}
            >
              {state === 'done' ? (
                <CheckCircleIcon color="success" fontSize="small" aria-hidden />
              ) : state === 'skipped' ? (
                <RemoveCircleOutlineIcon color="disabled" fontSize="small" aria-hidden />
              ) : (
                <RadioButtonUncheckedIcon color="action" fontSize="small" aria-hidden />
              )}
              <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 96 }}>
                {name}
              </Typography>
              {/* On a phone the status or the button takes its own line: a status aligned under the name, a
                  button from the line's start (the whole width for a long label with large text). */}
              <Box
                sx={{
                  width: { xs: '100%', sm: 'auto' },
                  pl: { xs: entry || state === 'skipped' || state === 'waiting' ? 3.5 : 0, sm: 0 },
                  minWidth: 0,
                }}
              >
                {entry ? (
                  <Typography variant="body2" color="text.secondary">
                    {fillPlaceholders(entry.by === 'me' ? T.recordedByMe : T.recordedByCompanion, {
                      time: formatInZone(entry.at, zone, format.locale),
                    })}
                  </Typography>
                ) : state === 'skipped' ? (
                  <Typography variant="body2" color="text.secondary">
                    {T.skipped}
                  </Typography>
                ) : state === 'waiting' ? (
                  <Typography variant="body2" color="text.secondary">
                    {T.waitingHandover}
                  </Typography>
                ) : closed ? null : (
                  <Button
                    size="small"
                    variant="outlined"
                    // Never wider than its line: a long word (Tamil, large text) breaks rather than being cut
                    // off at the card's edge.
                    sx={{ maxWidth: '100%', overflowWrap: 'anywhere' }}
                    aria-disabled={record.isPending || undefined}
                    onClick={
                      record.isPending
                        ? undefined
                        : () => (milestone === 'handed_over' ? setHandover(true) : record.mutate(milestone))
                    }
                  >
                    {T.record[milestone]}
                  </Button>
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
      {closed && (
        <Typography variant="body2" color="text.secondary" data-testid="steps-window">
          {closed}
        </Typography>
      )}
      {error && (
        <Alert severity="error" role="alert" onClose={() => setError(null)} sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      {handover && <HandoverDialog request={request} open onClose={() => setHandover(false)} />}
    </SubSection>
  );
}

function HandoverCode({ request }: { request: CompanionRequestView }) {
  const T = useCompanionTexts().tripDay;
  const replaceView = useReplaceView();
  const [error, setError] = useState<string | null>(null);
  const renew = useMutation({
    mutationFn: () => companionApi.newHandoverCode(request.caseid),
    onMutate: () => setError(null),
    onSuccess: replaceView,
    onError: (cause) => setError(errorText(cause, T.newCodeFailed)),
  });
  const code = request.trip.handover_code;
  if (!code) return null;
  return (
    <SubSection title={T.codeTitle}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography
          component="p"
          sx={{ fontSize: '2rem', fontWeight: 800, letterSpacing: '0.25em', fontFamily: 'monospace' }}
          data-testid="handover-code"
        >
          {code}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          aria-disabled={renew.isPending || undefined}
          onClick={renew.isPending ? undefined : () => renew.mutate()}
        >
          {T.newCode}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {T.codeHelp}
      </Typography>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </SubSection>
  );
}

/**
 * The companion side's view of what the traveller needs (issue 39): the wheelchair booking, the help asked
 * for and the first name of who collects the traveller, which the server sends inside the trip window only.
 */
function TravellerNeeds({ request }: { request: CompanionRequestView }) {
  const P = useCompanionTexts().papers;
  const assistance = request.trip.assistance ?? null;
  const receiver = request.trip.receiver_first_name ?? null;
  const wheelchair = assistance && assistance.wheelchair !== 'none' ? assistance.wheelchair : null;
  if (!wheelchair && !assistance?.notes && !receiver) return null;
  return (
    <SubSection title={P.trip.title}>
      <Box data-testid="traveller-needs">
        {wheelchair && (
          <Typography variant="body2">
            {fillPlaceholders(P.trip.wheelchair, { status: P.wheelchair[wheelchair] })}
          </Typography>
        )}
        {assistance?.notes && (
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
            {fillPlaceholders(P.trip.notes, { notes: assistance.notes })}
          </Typography>
        )}
        {receiver && (
          <Typography variant="body2">{fillPlaceholders(P.trip.receiver, { name: receiver })}</Typography>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {P.trip.note}
      </Typography>
    </SubSection>
  );
}

/** The trip day of a matched request (its card shows it below the match panel). */
export function TripDayPanel({ request }: { request: CompanionRequestView }) {
  const T = useCompanionTexts().tripDay;
  const format = useFormat();
  const { zone, note } = useTripZone(request);
  const [editingMeeting, setEditingMeeting] = useState(false);
  const meeting = request.trip.meeting;
  const contact = request.trip.emergency_contact;
  const headingId = useId();
  return (
    <Box
      sx={{ border: 1, borderColor: 'primary.light', borderRadius: 2, p: 2 }}
      data-testid="trip-day"
      component="section"
      aria-labelledby={cardSectionLabelledBy(headingId, request.caseid)}
    >
      <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 700 }} id={headingId}>
        {T.title}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }}>
        {note}
      </Typography>
      <Stack spacing={2}>
        <SubSection title={T.meetingTitle}>
          <Box data-testid="meeting-point">
            {meeting ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <PlaceIcon color="primary" fontSize="small" aria-hidden sx={{ mt: 0.25 }} />
                <Box>
                  <Typography variant="body1" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
                    {meeting.place}
                  </Typography>
                  <Typography variant="body2">{formatInZone(meeting.time, zone, format.locale)}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {meeting.set_by === 'me' ? T.setByMe : T.setByCompanion}
                  </Typography>
                </Box>
              </Stack>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {T.noMeeting}
              </Typography>
            )}
          </Box>
          <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => setEditingMeeting(true)}>
            {meeting ? T.changeMeeting : T.setMeeting}
          </Button>
        </SubSection>
        <Steps request={request} zone={zone} />
        {request.role === 'need' && <HandoverCode request={request} />}
        {request.role === 'provide' && <TravellerNeeds request={request} />}
        {contact && (
          <SubSection title={T.emergencyTitle}>
            <Typography variant="body2" data-testid="emergency-contact">
              {contact.name}, <a href={`tel:${contact.phone}`}>{contact.phone}</a>
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {T.emergencyNote}
            </Typography>
          </SubSection>
        )}
      </Stack>
      {editingMeeting && <MeetingDialog request={request} open onClose={() => setEditingMeeting(false)} />}
    </Box>
  );
}
