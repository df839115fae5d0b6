import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  CircularProgress,
  Container,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  AIRLINES,
  LANGUAGES,
  TRAVEL_FORM_AIRPORTS,
  TRAVEL_MESSAGES,
  todayIso,
  type TravelPlanDetails,
  type TravelPlanRequest,
} from '@safarsaathi/contracts';
import { errorMessage, useDelayedCallback } from '@safarsaathi/web-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { TRAVELS_KEY, companionApi, travelKey } from '../api';
import { TRAVEL_TEXT as T } from '../messages';

interface Flight {
  from: string;
  to: string;
  date: string;
  airline: string;
  flightNumber: string;
}

const EMPTY_FLIGHT: Flight = { from: '', to: '', date: '', airline: '', flightNumber: '' };
const EMPTY_TRAVELER = { name: '', age: '', gender: '', languages: [] as string[], specialNeeds: '' };

interface FormValues {
  helpPreference: '' | 'need_help' | 'offer_help';
  flights: Flight[];
  traveler: typeof EMPTY_TRAVELER;
}

const EMPTY_FORM: FormValues = { helpPreference: '', flights: [{ ...EMPTY_FLIGHT }], traveler: EMPTY_TRAVELER };

/** A stored plan as the form's values, for editing it. */
function formValuesOf(plan: TravelPlanDetails): FormValues {
  const info = plan.travelerInfo;
  return {
    helpPreference: plan.helpPreference,
    flights: plan.flights.map((f) => ({ from: f.from, to: f.to, date: f.date, airline: f.airline ?? '', flightNumber: f.flightNumber ?? '' })),
    traveler: {
      name: info.name ?? '',
      age: info.age === null ? '' : String(info.age),
      gender: info.gender ?? '',
      languages: info.languages ? info.languages.split(',').map((language) => language.trim()).filter(Boolean) : [],
      specialNeeds: info.specialNeeds ?? '',
    },
  };
}

function requestOf({ helpPreference, flights, traveler }: FormValues): TravelPlanRequest {
  return {
    helpPreference: helpPreference as 'need_help' | 'offer_help',
    flights: flights.map((f) => ({ ...f, airline: f.airline || undefined, flightNumber: f.flightNumber || undefined })),
    travelerInfo: {
      name: traveler.name || undefined,
      age: traveler.age || undefined,
      gender: (traveler.gender || undefined) as 'male' | 'female' | 'other' | undefined,
      languages: traveler.languages,
      specialNeeds: traveler.specialNeeds || undefined,
    },
    submittedAt: new Date().toISOString(),
  };
}

/**
 * /travel-form 'Travel Plans' (spec §2 Travel Form, §5 Travel form). With `?edit=<plan id>` it edits
 * that plan (beyond the spec: the list's Edit, issue 14) and goes back to the list once saved.
 */
export default function TravelFormPage() {
  const [searchParams] = useSearchParams();
  const editId = searchParams.get('edit');
  const plan = useQuery({
    queryKey: travelKey(editId ?? ''),
    queryFn: ({ signal }) => companionApi.travel(editId!, signal),
    enabled: Boolean(editId),
    retry: false,
  });

  if (!editId) return <TravelPlanForm initial={EMPTY_FORM} />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      {/* Fresh from the server every time the edit opens: the form copies it once and keeps its own state. */}
      {!plan.isFetchedAfterMount ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'center', py: 6 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography color="text.secondary">{T.loadingPlan}</Typography>
        </Stack>
      ) : plan.isError || !plan.data ? (
        <Alert severity="error">{errorMessage(plan.error, TRAVEL_MESSAGES.notFound)}</Alert>
      ) : (
        // Keyed by the plan: the form starts from the stored values and keeps its own state from there.
        <TravelPlanForm key={editId} planId={editId} initial={formValuesOf(plan.data)} embedded />
      )}
    </Container>
  );
}

function TravelPlanForm({ initial, planId, embedded = false }: { initial: FormValues; planId?: string; embedded?: boolean }) {
  const today = todayIso();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const schedule = useDelayedCallback();
  const [helpPreference, setHelpPreference] = useState(initial.helpPreference);
  const [flights, setFlights] = useState<Flight[]>(initial.flights);
  const [traveler, setTraveler] = useState(initial.traveler);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const submit = useMutation({
    mutationFn: async () => {
      const request = requestOf({ helpPreference, flights, traveler });
      if (!planId) return void (await companionApi.createTravel(request));
      // The plan as now stored, so its details and a next edit start from it, not from the cache.
      queryClient.setQueryData(travelKey(planId), (await companionApi.updateTravel(planId, request)).data);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: TRAVELS_KEY, exact: true });
      if (planId) {
        void navigate('/travel-list', { state: { notice: TRAVEL_MESSAGES.updated } });
        return;
      }
      setMessage({ severity: 'success', text: TRAVEL_MESSAGES.submitted });
      setHelpPreference('');
      setFlights([{ ...EMPTY_FLIGHT }]);
      setTraveler(EMPTY_TRAVELER);
      schedule(() => setMessage(null), 4000);
    },
    onError: (error) => setMessage({ severity: 'error', text: errorMessage(error, TRAVEL_MESSAGES.submitFailed) }),
  });

  const incomplete = flights.some((f) => !f.from || !f.to || !f.date || f.date < today);
  const disabled = submit.isPending || !helpPreference || incomplete;
  const setFlight = (index: number, patch: Partial<Flight>) =>
    setFlights((all) => all.map((f, i) => (i === index ? { ...f, ...patch } : f)));

  const form = (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3, fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
        {planId ? T.editTitle : T.formTitle}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!disabled) {
            setMessage(null);
            submit.mutate();
          }
        }}
      >
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
            <RadioGroup
              value={helpPreference}
              onChange={(e) => setHelpPreference(e.target.value as 'need_help' | 'offer_help')}
              aria-label="Help preference"
            >
              <FormControlLabel value="need_help" control={<Radio />} label={T.needHelp} />
              <FormControlLabel value="offer_help" control={<Radio />} label={T.offerHelp} />
            </RadioGroup>
          </Paper>

          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
              <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                {T.flightDetails}
              </Typography>
              <Button startIcon={<AddIcon />} onClick={() => setFlights((all) => [...all, { ...EMPTY_FLIGHT }])} disabled={flights.length >= 6}>
                {T.addLayover}
              </Button>
            </Stack>
            <Stack spacing={2}>
              {flights.map((flight, index) => (
                <Box key={index} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }} data-testid="travel-flight">
                  <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
                    <Chip size="small" color={index === 0 ? 'primary' : 'default'} label={index === 0 ? T.primary : T.connecting} />
                    {flights.length > 1 && (
                      <IconButton aria-label={`Remove flight ${index + 1}`} onClick={() => setFlights((all) => all.filter((_f, i) => i !== index))}>
                        <DeleteOutlineIcon />
                      </IconButton>
                    )}
                  </Stack>
                  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                    {(['from', 'to'] as const).map((key) => (
                      <TextField
                        key={key}
                        select
                        required
                        label={key === 'from' ? 'From Airport' : 'To Airport'}
                        value={flight[key]}
                        onChange={(e) => setFlight(index, { [key]: e.target.value })}
                        data-testid={`travel-${key}-${index}`}
                      >
                        {TRAVEL_FORM_AIRPORTS.map((airport) => (
                          <MenuItem key={airport.code} value={airport.code}>
                            {airport.city} ({airport.code})
                          </MenuItem>
                        ))}
                      </TextField>
                    ))}
                    <TextField
                      label="Travel Date"
                      type="date"
                      required
                      value={flight.date}
                      onChange={(e) => setFlight(index, { date: e.target.value })}
                      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
                    />
                    <TextField select label="Airline" value={flight.airline} onChange={(e) => setFlight(index, { airline: e.target.value })}>
                      <MenuItem value="">—</MenuItem>
                      {AIRLINES.map((airline) => (
                        <MenuItem key={airline.name} value={airline.name}>
                          {airline.name}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField label="Flight Number" value={flight.flightNumber} onChange={(e) => setFlight(index, { flightNumber: e.target.value })} />
                  </Box>
                </Box>
              ))}
            </Stack>
          </Paper>

          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
              {T.travelerDetails}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
              <TextField label="Full Name" value={traveler.name} onChange={(e) => setTraveler({ ...traveler, name: e.target.value })} />
              <TextField label="Age" type="number" value={traveler.age} onChange={(e) => setTraveler({ ...traveler, age: e.target.value })} slotProps={{ htmlInput: { min: 1, max: 120 } }} />
              <TextField select label="Gender" value={traveler.gender} onChange={(e) => setTraveler({ ...traveler, gender: e.target.value })}>
                <MenuItem value="male">Male</MenuItem>
                <MenuItem value="female">Female</MenuItem>
                <MenuItem value="other">Other</MenuItem>
              </TextField>
            </Box>
            <Autocomplete
              multiple
              sx={{ mt: 2 }}
              options={[...LANGUAGES] as string[]}
              value={traveler.languages}
              onChange={(_e, languages) => setTraveler({ ...traveler, languages })}
              renderInput={(params) => <TextField {...params} label="Languages Spoken" />}
            />
            <TextField
              sx={{ mt: 2 }}
              fullWidth
              multiline
              minRows={3}
              label="Special Needs/Assistance Required"
              value={traveler.specialNeeds}
              onChange={(e) => setTraveler({ ...traveler, specialNeeds: e.target.value })}
            />
          </Paper>

          {message && (
            <Alert severity={message.severity} data-testid="travel-form-message">
              {message.text}
            </Alert>
          )}
          <Button type="submit" variant="contained" size="large" disabled={disabled}>
            {planId ? (submit.isPending ? T.saving : T.save) : submit.isPending ? T.submitting : T.submit}
          </Button>
        </Stack>
      </Box>
    </>
  );
  return embedded ? (
    form
  ) : (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      {form}
    </Container>
  );
}
