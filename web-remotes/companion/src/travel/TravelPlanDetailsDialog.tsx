import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { LIMITS, TRAVEL_MESSAGES } from '@safarsaathi/contracts';
import { errorMessage } from '@safarsaathi/web-kit';
import { useQuery } from '@tanstack/react-query';
import { companionApi, travelKey } from '../api';
import { formatDate } from '../common/format';
import { Detail } from '../common/Detail';
import { useCompanionTexts } from '../i18n';

/** View Details of a travel plan (beyond the spec, issue 14): every flight and the traveller, with Edit and Share. */
export function TravelPlanDetailsDialog({
  planId,
  onClose,
  onEdit,
  onShare,
}: {
  planId: string | null;
  onClose: () => void;
  onEdit: (planId: string) => void;
  onShare: (planId: string) => void;
}) {
  const T = useCompanionTexts().travel;
  const plan = useQuery({
    queryKey: travelKey(planId ?? ''),
    queryFn: ({ signal }) => companionApi.travel(planId!, signal),
    enabled: planId !== null,
    retry: false,
  });

  let content;
  if (plan.isPending) {
    content = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 3 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography color="text.secondary">{T.loadingPlan}</Typography>
      </Stack>
    );
  } else if (plan.isError) {
    content = <Alert severity="error">{errorMessage(plan.error, TRAVEL_MESSAGES.notFound)}</Alert>;
  } else {
    const info = plan.data.travelerInfo;
    const traveller = [info.name, info.age === null ? null : `${info.age} yrs`, info.gender]
      .filter(Boolean)
      .join(', ');
    content = (
      <Stack spacing={2.5}>
        <Typography sx={{ fontWeight: 600 }}>{T.helpPreference[plan.data.helpPreference]}</Typography>
        <Box component="section" aria-labelledby="plan-flights-heading">
          <Typography
            id="plan-flights-heading"
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 700, mb: 1 }}
          >
            {T.flightDetails}
          </Typography>
          <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {plan.data.flights.map((flight, index) => (
              <Box
                component="li"
                key={`${flight.from}-${flight.to}-${index}`}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}
                data-testid="plan-flight"
              >
                <Typography sx={{ fontWeight: 700 }}>
                  {index === 0 ? T.primary : T.connecting}: {flight.from} → {flight.to}
                </Typography>
                <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr', mt: 1 }}>
                  <Detail label={T.travelDate} value={formatDate(flight.date)} />
                  <Detail label={T.time} value={LIMITS.defaultTravelTime} />
                  <Detail label={T.airline} value={flight.airline ?? T.notSpecified} />
                  <Detail label={T.flight} value={flight.flightNumber ?? T.notSpecified} />
                </Box>
              </Box>
            ))}
          </Stack>
        </Box>
        <Box component="section" aria-labelledby="plan-traveller-heading">
          <Typography
            id="plan-traveller-heading"
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 700, mb: 1 }}
          >
            {T.travelerDetails}
          </Typography>
          <Stack spacing={1}>
            <Detail label={T.traveler} value={traveller || T.notSpecified} />
            <Detail label={T.languagesSpoken} value={info.languages ?? T.notSpecified} />
            <Detail label={T.specialNeeds} value={info.specialNeeds ?? T.notSpecified} />
          </Stack>
        </Box>
      </Stack>
    );
  }

  return (
    <Dialog
      open={planId !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="plan-details-title"
    >
      <DialogTitle id="plan-details-title">
        {plan.data ? `${T.detailsTitle}: ${plan.data.from} → ${plan.data.to}` : T.detailsTitle}
      </DialogTitle>
      <DialogContent>{content}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
        <Button variant="outlined" disabled={!plan.data} onClick={() => planId && onShare(planId)}>
          {T.share}
        </Button>
        <Button variant="contained" disabled={!plan.data} onClick={() => planId && onEdit(planId)}>
          {T.edit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
