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
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  AIRLINES,
  LANGUAGES,
  TRAVEL_FORM_AIRPORTS,
  TRAVEL_MESSAGES,
  todayIso,
  travelPlanFormSchema,
  type TravelPlanDetails,
  type TravelPlanFormOutput,
  type TravelPlanRequest,
} from '@safarsaathi/contracts';
import {
  errorMessage,
  fillPlaceholders,
  translateMessage,
  useDelayedCallback,
  useFormat,
} from '@safarsaathi/web-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { TRAVELS_KEY, companionApi, travelKey } from '../api';
import { DateField, resolverWithDates, type BadDates } from '../forms/DateField';
import { fieldMessage } from '../forms/fieldText';
import { useCompanionTexts } from '../i18n';
import { travelSubmitBlocked } from '../travel/travelSubmit';

/** The request as typed: no help preference chosen yet is ''. */
type TravelFormValues = Omit<TravelPlanRequest, 'helpPreference'> & {
  helpPreference: TravelPlanRequest['helpPreference'] | '';
};
type TravelFormOutput = TravelPlanFormOutput;

const EMPTY_FLIGHT = { from: '', to: '', date: '', airline: '', flightNumber: '' };
const EMPTY_FORM: TravelFormValues = {
  helpPreference: '',
  flights: [{ ...EMPTY_FLIGHT }],
  travelerInfo: { name: '', age: '', gender: '', languages: [], specialNeeds: '' },
};

/** A stored plan as the form's values, for editing it. */
function formValuesOf(plan: TravelPlanDetails): TravelFormValues {
  const info = plan.travelerInfo;
  return {
    helpPreference: plan.helpPreference,
    flights: plan.flights.map((f) => ({
      from: f.from,
      to: f.to,
      date: f.date,
      airline: f.airline ?? '',
      flightNumber: f.flightNumber ?? '',
    })),
    travelerInfo: {
      name: info.name ?? '',
      age: info.age === null ? '' : String(info.age),
      gender: (info.gender ?? '') as 'male' | 'female' | 'other' | '',
      languages: info.languages
        ? info.languages
            .split(',')
            .map((language) => language.trim())
            .filter(Boolean)
        : [],
      specialNeeds: info.specialNeeds ?? '',
    },
  };
}

/**
 * /travel-form 'Travel Plans' (spec §2 Travel Form, §5 Travel form). With `?edit=<plan id>` it edits
 * that plan (beyond the spec: the list's Edit, issue 14) and goes back to the list once saved.
 */
export default function TravelFormPage() {
  const [searchParams] = useSearchParams();
  const editId = searchParams.get('edit');
  const T = useCompanionTexts().travel;
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

function TravelPlanForm({
  initial,
  planId,
  embedded = false,
}: {
  initial: TravelFormValues;
  planId?: string;
  embedded?: boolean;
}) {
  const today = todayIso();
  const texts = useCompanionTexts();
  const T = texts.travel;
  const F = texts.form;
  const format = useFormat();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const schedule = useDelayedCallback();
  const [badDates] = useState<BadDates>(() => new Set());
  const { control, register, handleSubmit, reset, formState } = useForm<
    TravelFormValues,
    unknown,
    TravelFormOutput
  >({
    defaultValues: initial,
    mode: 'onTouched',
    // The service's schema and rules, today as the first allowed date.
    resolver: resolverWithDates(() => travelPlanFormSchema(today), badDates),
  });
  const flights = useFieldArray({ control, name: 'flights' });
  const [helpPreference, flightValues] = useWatch({ control, name: ['helpPreference', 'flights'] });
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const submit = useMutation({
    mutationFn: async (values: TravelFormOutput) => {
      const request = { ...values, submittedAt: new Date().toISOString() };
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
      reset(EMPTY_FORM);
      schedule(() => setMessage(null), 4000);
    },
    onError: (error) =>
      setMessage({ severity: 'error', text: errorMessage(error, TRAVEL_MESSAGES.submitFailed) }),
  });

  // Spec §5: submit waits for a help preference and a from, to and date (today or later) on every flight.
  const disabled = travelSubmitBlocked({ helpPreference, flights: flightValues }, today, submit.isPending);

  const form = (
    <>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 800, mb: 3, fontSize: { xs: '1.75rem', md: '2.125rem' } }}
      >
        {planId ? T.editTitle : T.formTitle}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (disabled) return;
          setMessage(null);
          void handleSubmit((values) => submit.mutate(values))();
        }}
      >
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
            <Controller
              control={control}
              name="helpPreference"
              render={({ field }) => (
                <RadioGroup {...field} aria-label={F.helpPreference}>
                  <FormControlLabel value="need_help" control={<Radio />} label={T.needHelp} />
                  <FormControlLabel value="offer_help" control={<Radio />} label={T.offerHelp} />
                </RadioGroup>
              )}
            />
          </Paper>

          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
              <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                {T.flightDetails}
              </Typography>
              <Button
                startIcon={<AddIcon />}
                onClick={() => flights.append({ ...EMPTY_FLIGHT })}
                disabled={flights.fields.length >= 6}
              >
                {T.addLayover}
              </Button>
            </Stack>
            <Stack spacing={2}>
              {flights.fields.map((flight, index) => (
                <Box
                  key={flight.id}
                  sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
                  data-testid="travel-flight"
                >
                  <Stack
                    direction="row"
                    sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}
                  >
                    <Chip
                      size="small"
                      color={index === 0 ? 'primary' : 'default'}
                      label={index === 0 ? T.primary : T.connecting}
                    />
                    {flights.fields.length > 1 && (
                      <IconButton
                        aria-label={fillPlaceholders(F.removeFlight, { index: index + 1 })}
                        onClick={() => flights.remove(index)}
                      >
                        <DeleteOutlineIcon />
                      </IconButton>
                    )}
                  </Stack>
                  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                    {(['from', 'to'] as const).map((key) => (
                      <Controller
                        key={key}
                        control={control}
                        name={`flights.${index}.${key}`}
                        render={({ field, fieldState }) => (
                          <TextField
                            {...field}
                            select
                            required
                            label={key === 'from' ? F.fromAirport : F.toAirport}
                            error={Boolean(fieldState.error)}
                            helperText={fieldMessage(fieldState.error?.message)}
                            data-testid={`travel-${key}-${index}`}
                          >
                            {TRAVEL_FORM_AIRPORTS.map((airport) => (
                              <MenuItem key={airport.code} value={airport.code}>
                                {airport.city} ({airport.code})
                              </MenuItem>
                            ))}
                          </TextField>
                        )}
                      />
                    ))}
                    <DateField
                      control={control}
                      name={`flights.${index}.date`}
                      label={F.travelDate}
                      required
                      min={today}
                      badDates={badDates}
                    />
                    <Controller
                      control={control}
                      name={`flights.${index}.airline`}
                      render={({ field }) => (
                        <TextField {...field} value={field.value ?? ''} select label={F.airline}>
                          <MenuItem value="">—</MenuItem>
                          {AIRLINES.map((airline) => (
                            <MenuItem key={airline.name} value={airline.name}>
                              {airline.name}
                            </MenuItem>
                          ))}
                        </TextField>
                      )}
                    />
                    <TextField {...register(`flights.${index}.flightNumber`)} label={F.flightNumber} />
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
              <TextField {...register('travelerInfo.name')} label={F.fullName} />
              <TextField
                {...register('travelerInfo.age')}
                label={F.age}
                type="number"
                error={Boolean(formState.errors.travelerInfo?.age)}
                helperText={fieldMessage(formState.errors.travelerInfo?.age?.message)}
                slotProps={{ htmlInput: { min: 1, max: 120 } }}
              />
              <Controller
                control={control}
                name="travelerInfo.gender"
                render={({ field }) => (
                  <TextField {...field} value={field.value ?? ''} select label={F.gender}>
                    <MenuItem value="male">{F.genders.male}</MenuItem>
                    <MenuItem value="female">{F.genders.female}</MenuItem>
                    <MenuItem value="other">{F.genders.other}</MenuItem>
                  </TextField>
                )}
              />
            </Box>
            <Controller
              control={control}
              name="travelerInfo.languages"
              render={({ field }) => (
                <Autocomplete
                  multiple
                  sx={{ mt: 2 }}
                  options={[...LANGUAGES] as string[]}
                  value={Array.isArray(field.value) ? field.value : []}
                  onChange={(_e, languages) => field.onChange(languages)}
                  onBlur={field.onBlur}
                  getOptionLabel={(option) => format.language(option)}
                  renderInput={(params) => <TextField {...params} label={F.languagesSpoken} />}
                />
              )}
            />
            <TextField
              {...register('travelerInfo.specialNeeds')}
              sx={{ mt: 2 }}
              fullWidth
              multiline
              minRows={3}
              label={F.specialNeeds}
            />
          </Paper>

          {message && (
            <Alert severity={message.severity} data-testid="travel-form-message">
              {translateMessage(message.text)}
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
