/**
 * The traveller without a smartphone on a request card (issue 39, addendum "Safe with strangers" §5): the
 * arrival on the destination's clock named by its city, what the need side gave for the papers (address,
 * who collects the traveller, assistance), the Download and Print buttons of the traveller's card (both
 * sides: each their own) and of the pickup pass (need side only), and "How the hand-over works".
 */
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, Stack, Typography } from '@mui/material';
import { firstNameOf, type CompanionRequestView } from '@safarsaathi/contracts';
import {
  airportCity,
  fillPlaceholders,
  placesCatalogue,
  useAirports,
  useCatalogue,
  useFormat,
} from '@safarsaathi/web-kit';
import { useId } from 'react';
import { paperUrl, type PaperKind } from '../api';
import { useCompanionTexts } from '../i18n';
import { airportTimeText } from './airportTime';
import { cardSectionLabelledBy } from './cardSection';

/** airportTimeText for a component: the page's language and the airport list's city names. */
export function useAirportTime(): (
  date: string | null,
  time: string | null,
  place: { airport: string; zone: string | null },
) => string | null {
  const words = useCatalogue(placesCatalogue);
  const { locale } = useFormat();
  const airports = useAirports();
  return (date, time, { airport, zone }) =>
    airportTimeText(date, time, { zone, city: airportCity(airports, airport) }, locale, words.cityTime);
}

/** The departure time of a request, on the origin airport's clock ("21:40, New Delhi time"); null when none. */
export function useDepartureText(request: CompanionRequestView): string | null {
  const airportTime = useAirportTime();
  if (!request.confirmed_ticket || !request.departure_time) return null;
  // The date has its own row above: the time alone, named by its city.
  return airportTime(null, request.departure_time, {
    airport: request.from_airport,
    zone: request.origin_timezone,
  });
}

/** The arrival of a request, on the destination airport's clock; null when none was given. */
export function useArrivalText(request: CompanionRequestView): string | null {
  const airportTime = useAirportTime();
  if (!request.confirmed_ticket || (!request.arrival_date && !request.arrival_time)) return null;
  return airportTime(request.arrival_date, request.arrival_time, {
    airport: request.to_airport,
    zone: request.destination_timezone,
  });
}

/** Whether the need side gave anything its papers print beyond the flight. */
export function hasTravellerDetails(request: CompanionRequestView): boolean {
  return Boolean(
    request.destination_address ||
    request.receiver_name ||
    (request.assistance && (request.assistance.wheelchair !== 'none' || request.assistance.notes)),
  );
}

/**
 * The picture of the hand-over: the traveller (with a stick) and the companion walk to the person collecting
 * the traveller, who holds up the pickup pass with its code. Decorative shapes only (the words are the
 * caption's and the steps'), drawn in the text colour so that high contrast and dark themes keep it.
 */
function HandoverPicture() {
  const dots = [0, 1, 2, 3, 4, 5];
  return (
    <svg
      viewBox="0 0 320 104"
      width="100%"
      style={{ display: 'block', maxWidth: 420 }}
      aria-hidden
      focusable="false"
    >
      <line x1="8" y1="96" x2="312" y2="96" stroke="currentColor" strokeOpacity="0.25" strokeWidth="2" />
      {/* The traveller, with a walking stick. */}
      <g fill="currentColor">
        <circle cx="38" cy="28" r="11" />
        <path d="M23 48 Q38 38 53 48 L57 94 H19 Z" />
      </g>
      <path
        d="M58 58 Q66 54 66 62 L70 94"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
      {/* The companion, beside her. */}
      <g fill="currentColor" fillOpacity="0.55">
        <circle cx="96" cy="22" r="11" />
        <path d="M81 42 Q96 32 111 42 L114 94 H78 Z" />
      </g>
      {/* Towards the person collecting. */}
      <path d="M128 62 H186" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      <path
        d="M176 52 L188 62 L176 72"
        fill="none"
        stroke="currentColor"
        strokeWidth="4"
        strokeLinecap="round"
      />
      {/* The person collecting, holding up the pickup pass with its code. */}
      <g fill="currentColor">
        <circle cx="224" cy="26" r="11" />
        <path d="M209 46 Q224 36 239 46 L242 94 H206 Z" />
      </g>
      <path d="M238 56 L258 50" stroke="currentColor" strokeWidth="5" strokeLinecap="round" />
      <rect
        x="252"
        y="30"
        width="58"
        height="40"
        rx="5"
        fill="#fff"
        stroke="currentColor"
        strokeWidth="2.5"
      />
      <rect x="258" y="36" width="12" height="12" fill="currentColor" />
      <rect x="275" y="38" width="29" height="3" fill="currentColor" fillOpacity="0.6" />
      <rect x="275" y="44" width="20" height="3" fill="currentColor" fillOpacity="0.6" />
      {dots.map((index) => (
        <circle key={index} cx={262 + index * 8.5} cy="60" r="3" fill="currentColor" />
      ))}
    </svg>
  );
}

/** "How the hand-over works" (need side): the picture and three short steps. */
function HowHandoverWorks({ traveller }: { traveller: string }) {
  const H = useCompanionTexts().papers.howItWorks;
  const titleId = useId();
  const steps = [H.steps.print, H.steps.code, H.steps.lost];
  return (
    <Box component="section" aria-labelledby={titleId} data-testid="how-handover-works" sx={{ mt: 2 }}>
      <Typography variant="body2" component="h5" id={titleId} sx={{ fontWeight: 700, mb: 1 }}>
        {H.title}
      </Typography>
      <Box role="img" aria-label={H.picture} sx={{ color: 'primary.main', mb: 1 }}>
        <HandoverPicture />
        <Box
          aria-hidden
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'space-between',
            columnGap: 2,
            rowGap: 0.5,
            maxWidth: 420,
          }}
        >
          <Typography variant="caption" color="text.secondary" sx={{ flex: '1 1 7rem' }}>
            {H.together}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ flex: '1 1 7rem', textAlign: 'end' }}>
            {H.collector}
          </Typography>
        </Box>
      </Box>
      <Box component="ol" sx={{ m: 0, pl: 3 }} data-testid="handover-steps">
        {steps.map((step) => (
          <Typography component="li" variant="body2" key={step} sx={{ mb: 0.5 }}>
            {fillPlaceholders(step, { traveller })}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/**
 * Download and Print of the papers: Download is a link to the PDF (in the page's language beside English)
 * that the browser saves; Print opens the same PDF in a new tab, whose viewer prints it (on a phone too,
 * where a PDF in a frame on the page would print blank).
 */
export function PapersPanel({ request }: { request: CompanionRequestView }) {
  const D = useCompanionTexts().papers.documents;
  const { locale } = useFormat();
  const titleId = useId();
  const need = request.role === 'need';
  const papers: Array<[PaperKind, string]> = need
    ? [
        ['traveller-card', D.card],
        ['pickup-pass', D.pass],
      ]
    : [['traveller-card', D.card]];
  return (
    <Box
      component="section"
      aria-labelledby={cardSectionLabelledBy(titleId, request.caseid)}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
      data-testid="papers"
    >
      <Typography variant="subtitle2" component="h4" id={titleId} sx={{ fontWeight: 700 }}>
        {D.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {need ? D.introNeed : D.introProvide}
      </Typography>
      <Stack spacing={1.5}>
        {papers.map(([kind, name]) => {
          const url = paperUrl(request.caseid, kind, locale);
          return (
            <Box key={kind} data-testid={`paper-${kind}`}>
              <Typography variant="body2" sx={{ fontWeight: 700, mb: 0.5 }}>
                {name}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<DownloadIcon />}
                  href={url}
                  download
                  aria-label={fillPlaceholders(D.downloadLabel, { paper: name })}
                  data-testid={`download-${kind}`}
                >
                  {D.download}
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<PrintIcon />}
                  href={url}
                  target="_blank"
                  rel="noopener"
                  aria-label={fillPlaceholders(D.printLabel, { paper: name })}
                  data-testid={`print-${kind}`}
                >
                  {D.print}
                </Button>
              </Stack>
            </Box>
          );
        })}
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
        {D.reprint}
      </Typography>
      {need && <HowHandoverWorks traveller={firstNameOf(request.passenger_name)} />}
    </Box>
  );
}
