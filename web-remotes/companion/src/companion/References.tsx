/**
 * References after the trip on a matched request's card (addendum §2.1): from the travel date the card asks
 * "How was your trip with {first name}?" (rating, text, no-show), then shows the reference given and the
 * one received, or that it is hidden until both wrote (or 14 days passed). Also the matched person's trust
 * figures, on the match panel.
 */
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  REFERENCE_LIMITS,
  REFERENCE_RATINGS,
  referenceRequestSchema,
  type CompanionRequestView,
  type Reference,
  type ReferenceRating,
  type Trust,
} from '@safarsaathi/contracts';
import {
  fillPlaceholders,
  postedForCatalogue,
  translateMessage,
  useCatalogue,
  useFormat,
} from '@safarsaathi/web-kit';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { companionApi } from '../api';
import { useCompanionTexts } from '../i18n';
import { errorText, useReplaceView } from './TripDay';
import { cardSectionLabelledBy } from './cardSection';

const firstName = (name: string | undefined) => name?.trim().split(/\s+/)[0] || '';

/**
 * The matched request's trust figures, one short line each, under whose they are: the account holder's
 * (issue 38), who may not be the one travelling ("Trust of Meera's account" on Kamala's request).
 */
export function TrustSummary({ trust, owner }: { trust: Trust; owner: string | null }) {
  const T = useCompanionTexts().references.trust;
  const F = useCatalogue(postedForCatalogue);
  const { locale } = useFormat();
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${trust.member_since}-01T00:00:00Z`),
  );
  const whose = owner ? fillPlaceholders(F.trustOf, { name: owner }) : F.trustOfAccount;
  return (
    <Box data-testid="match-trust" component="section" aria-label={whose}>
      <Typography variant="body2" color="text.secondary" data-testid="trust-whose">
        {whose}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {fillPlaceholders(T.trips, { count: String(trust.trips_completed) })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {fillPlaceholders(T.references, {
          positive: String(trust.references.positive),
          neutral: String(trust.references.neutral),
          negative: String(trust.references.negative),
        })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {fillPlaceholders(T.memberSince, { month })}
      </Typography>
      {trust.late_cancellations > 0 && (
        <Typography variant="body2" color="warning.dark" data-testid="trust-late-cancellations">
          {fillPlaceholders(T.lateCancellations, { count: String(trust.late_cancellations) })}
        </Typography>
      )}
    </Box>
  );
}

function ReferenceText({ label, reference }: { label: string; reference: Reference }) {
  const T = useCompanionTexts().references;
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {label}: {T.ratings[reference.rating]}
        {reference.no_show ? ` · ${T.noShowMark}` : ''}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
        {reference.text}
      </Typography>
    </Box>
  );
}

function ReferenceForm({ request, name }: { request: CompanionRequestView; name: string }) {
  const T = useCompanionTexts().references;
  const replaceView = useReplaceView();
  const ids = { rating: useId(), text: useId() };
  const [rating, setRating] = useState<ReferenceRating | ''>('');
  const [text, setText] = useState('');
  const [noShow, setNoShow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () =>
      companionApi.writeReference(request.caseid, {
        rating: rating as ReferenceRating,
        text,
        no_show: noShow,
      }),
    onSuccess: (view) => replaceView(view),
    onError: (cause) => setError(errorText(cause, T.sendFailed)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = referenceRequestSchema.safeParse({ rating: rating || undefined, text, no_show: noShow });
    if (!parsed.success) return setError(translateMessage(parsed.error.issues[0]!.message));
    setError(null);
    send.mutate();
  };
  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="reference-form">
      <Stack spacing={1.5}>
        <FormControl>
          <FormLabel id={ids.rating}>{T.rating}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={ids.rating}
            value={rating}
            onChange={(event) => setRating(event.target.value as ReferenceRating)}
          >
            {REFERENCE_RATINGS.map((value) => (
              <FormControlLabel key={value} value={value} control={<Radio />} label={T.ratings[value]} />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          id={ids.text}
          label={T.text}
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { maxLength: REFERENCE_LIMITS.textMax } }}
          helperText={fillPlaceholders(T.textHelp, { name })}
        />
        <FormControlLabel
          control={<Checkbox checked={noShow} onChange={(event) => setNoShow(event.target.checked)} />}
          label={fillPlaceholders(T.noShow, { name })}
        />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={send.isPending}>
            {send.isPending ? T.sending : T.send}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** The references section of a matched request's card: shown from the travel date on (or once any exists). */
export function ReferencesPanel({ request }: { request: CompanionRequestView }) {
  const T = useCompanionTexts().references;
  const headingId = useId();
  const { given, received, can_write: canWrite } = request.references;
  if (!canWrite && !given && !received) return null;
  const name = firstName(request.matched_companion?.name);
  return (
    <Box
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
      data-testid="references"
      component="section"
      aria-labelledby={cardSectionLabelledBy(headingId, request.caseid)}
    >
      <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 700, mb: 1 }} id={headingId}>
        {canWrite ? fillPlaceholders(T.ask, { name }) : T.title}
      </Typography>
      <Stack spacing={1.5}>
        {canWrite && <ReferenceForm request={request} name={name} />}
        {given && <ReferenceText label={T.given} reference={given} />}
        {received === 'hidden' ? (
          <Typography variant="body2" color="text.secondary" data-testid="reference-hidden">
            {fillPlaceholders(T.hidden, { name })}
          </Typography>
        ) : received ? (
          <ReferenceText label={T.received} reference={received} />
        ) : (
          given && (
            <Typography variant="body2" color="text.secondary">
              {fillPlaceholders(T.noneReceived, { name })}
            </Typography>
          )
        )}
      </Stack>
    </Box>
  );
}
