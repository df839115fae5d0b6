import ConnectingAirportsIcon from '@mui/icons-material/ConnectingAirports';
import EventIcon from '@mui/icons-material/Event';
import FlightIcon from '@mui/icons-material/Flight';
import PersonIcon from '@mui/icons-material/Person';
import { Box, Button, Card, CardActions, CardContent, Chip, Divider, Stack, Typography } from '@mui/material';
import {
  INTL_LOCALE,
  firstNameOf,
  languageChips,
  longDate,
  resultBadge,
  resultOwnerName,
  SEARCH_TEXT,
  shortDate,
  ticketLine,
  travelDateText,
  type Locale,
  type SearchResult,
} from '@safarsaathi/contracts';
import {
  TooltipOnHover,
  dateTimeFormat,
  fillPlaceholders,
  postedForCatalogue,
  useCatalogue,
  useFormat,
} from '@safarsaathi/web-kit';
import { useSearchTranslation } from '../i18n';

/** The badge's catalogue key (resultBadge gives the spec's English text). */
const BADGE_KEYS: Record<string, string> = {
  'SEEKING COMPANION': 'seeking',
  'FREE COMPANION': 'free',
  'PAID COMPANION': 'paid',
  'PROVIDE RIDE': 'provideRide',
  'NEED RIDE': 'needRide',
  DOCUMENT: 'document',
};

/** '05 Dec 2025' in English (the spec's form); the same order with the reader's month names otherwise. */
function shortDay(isoDate: string, locale: Locale): string {
  if (locale === 'en') return shortDate(isoDate);
  const day = /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? new Date(`${isoDate}T00:00:00`) : new Date(isoDate);
  return Number.isNaN(day.getTime())
    ? isoDate
    : dateTimeFormat(INTL_LOCALE[locale], { day: '2-digit', month: 'short', year: 'numeric' }).format(day);
}

/**
 * The owner's trust figures (addendum §2.1): in full when signed in; public search has trips completed only.
 * Said to be the account's (issue 38): on a request posted for family they are not the passenger's.
 */
function TrustLine({ trust, owner }: { trust: NonNullable<SearchResult['trust']>; owner: string | null }) {
  const { t } = useSearchTranslation();
  const P = useCatalogue(postedForCatalogue);
  const { locale } = useFormat();
  const whose = owner ? fillPlaceholders(P.trustOf, { name: owner }) : P.trustOfAccount;
  const parts = [t('trust.trips', { count: trust.trips_completed })];
  // Older answers (a cached page) may not carry it; a zero says nothing worth the space.
  if (trust.late_cancellations) parts.push(t('trust.lateCancellations', { count: trust.late_cancellations }));
  if ('references' in trust) {
    parts.push(t('trust.references', { ...trust.references }));
    const month = dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${trust.member_since}-01T00:00:00Z`),
    );
    parts.push(t('trust.memberSince', { month }));
  }
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="result-trust">
      {`${whose}: ${parts.join(' · ')}`}
    </Typography>
  );
}

interface LayoverStop {
  airport: string;
  flight: string;
}

/** Layovers are single-key objects (airport → flight); anything else is skipped ('Error parsing layovers'). */
function layoverStops(layovers: SearchResult['layovers']): LayoverStop[] {
  const stops: LayoverStop[] = [];
  for (const layover of layovers ?? []) {
    try {
      const [airport, flight] = Object.entries(layover)[0] ?? [];
      if (!airport) continue;
      stops.push({ airport, flight: [flight?.airlines, flight?.flight_number].filter(Boolean).join(' ') });
    } catch (error) {
      console.error('Error parsing layovers', error);
    }
  }
  return stops;
}

const BADGE_COLOURS: Record<string, 'warning' | 'success' | 'secondary' | 'primary'> = {
  'SEEKING COMPANION': 'warning',
  'FREE COMPANION': 'success',
  'PAID COMPANION': 'secondary',
};

interface ResultCardProps {
  result: SearchResult;
  publicMode: boolean;
  connecting: boolean;
  onContact: () => void;
}

/** One search result (spec §2 card content, §4 badges and ticket line). Private fields only when signed in. */
export function ResultCard({ result, publicMode, connecting, onContact }: ResultCardProps) {
  const { t } = useSearchTranslation();
  const P = useCatalogue(postedForCatalogue);
  const format = useFormat();
  const badge = resultBadge(result);
  const badgeKey = BADGE_KEYS[badge];
  const owner = resultOwnerName(result, publicMode);
  const ownerKnown = Boolean(result.owner?.trim());
  // "Posted by Meera for Kamala": public search names no passenger, so there it is "for someone in their family".
  const postedBy =
    result.posted_for === 'family' && ownerKnown
      ? result.passenger_name?.trim()
        ? fillPlaceholders(P.postedBy, {
            owner: result.owner,
            traveller: firstNameOf(result.passenger_name),
          })
        : fillPlaceholders(P.postedByForFamily, { owner: result.owner })
      : null;
  const stops = publicMode ? [] : layoverStops(result.layovers);
  const flight = publicMode ? '' : [result.airlines, result.flight_number].filter(Boolean).join(' ');
  const passenger = publicMode
    ? ''
    : [
        result.passenger_gender && t(`genders.${result.passenger_gender}`),
        result.passenger_age && t('age', { age: result.passenger_age }),
      ]
        .filter(Boolean)
        .join(', ');

  return (
    <Card
      variant="outlined"
      data-testid="search-result-card"
      data-caseid={result.caseid}
      sx={{ borderRadius: 3, height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack
          direction="row"
          // Large text on a phone: the price goes under the badge rather than squeezing its words.
          sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}
        >
          <Chip
            size="small"
            label={badgeKey ? t(`badges.${badgeKey}`) : badge}
            color={BADGE_COLOURS[badge] ?? 'primary'}
            data-testid="result-badge"
            sx={{ fontWeight: 700 }}
          />
          <Typography
            variant="body2"
            sx={{ fontWeight: 600, color: result.companion_price === 0 ? 'success.main' : 'text.primary' }}
          >
            {result.companion_price === 0 ? t('freeService') : format.price(result.companion_price)}
          </Typography>
        </Stack>

        <Typography variant="h6" component="p" data-testid="result-route" sx={{ fontWeight: 700 }}>
          {result.from_airport} → {result.to_airport}
        </Typography>
        {/*
          describeChild: the long date describes the short one while the tooltip shows. By default the
          tooltip would name the Stack with aria-label, which ARIA does not allow on an element with no role.
          Mounted on the first hover: one Tooltip per card, mounted with the list, held a phone's main thread.
        */}
        <TooltipOnHover
          describeChild
          title={travelDateText(result, (day) =>
            format.locale === 'en' ? longDate(day) : format.longDate(day),
          )}
        >
          <Stack
            direction="row"
            spacing={0.75}
            sx={{ alignItems: 'center', color: 'text.secondary', mt: 0.5, width: 'fit-content' }}
          >
            <EventIcon fontSize="small" aria-hidden />
            <Typography variant="body2" data-testid="result-date">
              {travelDateText(result, (day) => shortDay(day, format.locale))}
            </Typography>
          </Stack>
        </TooltipOnHover>

        <Stack spacing={0.75} sx={{ mt: 1.5 }}>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <PersonIcon fontSize="small" color="action" aria-hidden />
            <Typography variant="body2" data-testid="result-owner">
              {owner}
              {passenger && (
                <Typography
                  component="span"
                  variant="body2"
                  color="text.secondary"
                  data-testid="result-passenger"
                >
                  {` · ${passenger}`}
                </Typography>
              )}
            </Typography>
          </Stack>
          {postedBy && (
            <Typography variant="body2" color="text.secondary" data-testid="result-posted-for">
              {postedBy}
            </Typography>
          )}
          {flight && (
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }} data-testid="result-flight">
              <FlightIcon fontSize="small" color="action" aria-hidden />
              <Typography variant="body2">{flight}</Typography>
            </Stack>
          )}
          {stops.length > 0 && (
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }} data-testid="result-layovers">
              <ConnectingAirportsIcon fontSize="small" color="action" aria-hidden />
              <Typography variant="body2">
                {t('via')}{' '}
                {stops
                  .map((stop) => (stop.flight ? `${stop.airport} (${stop.flight})` : stop.airport))
                  .join(', ')}
              </Typography>
            </Stack>
          )}
          <Typography variant="body2" color="text.secondary" data-testid="result-ticket">
            {ticketLine(result) === SEARCH_TEXT.ticketsBooked ? t('ticketsBooked') : t('ticketsNotBooked')}
          </Typography>
        </Stack>

        {result.trust && <TrustLine trust={result.trust} owner={ownerKnown ? result.owner : null} />}
        {result.service_type === 'companion' && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1.5 }} data-testid="result-languages">
            {languageChips(result.languages_known).map((language) => (
              <Chip key={language} label={format.language(language)} size="small" variant="outlined" />
            ))}
          </Box>
        )}
      </CardContent>
      <Divider />
      {/* Wraps: with large text on a phone the button takes its own line (right-aligned) instead of being cut
          off at the card's edge. */}
      <CardActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, px: 2, py: 1.25 }}>
        <Typography variant="caption" color="text.secondary" data-testid="result-submitted">
          {ownerKnown ? `${t('submittedBy')} ${result.owner}` : t('submitted')} ·{' '}
          {format.date(result.timestamp)}
        </Typography>
        {/*
          aria-disabled rather than disabled while connecting: a disabled button drops the keyboard focus
          to the page, and the dialog that may follow could then not give it back here when it closes.
        */}
        <Button
          variant="contained"
          size="small"
          onClick={connecting ? undefined : onContact}
          aria-disabled={connecting || undefined}
          sx={{
            flexShrink: 0,
            ml: 'auto !important',
            '&[aria-disabled="true"]': {
              bgcolor: 'action.disabledBackground',
              color: 'action.disabled',
              boxShadow: 'none',
            },
          }}
        >
          {connecting ? t('connecting') : t('contact')}
        </Button>
      </CardActions>
    </Card>
  );
}
