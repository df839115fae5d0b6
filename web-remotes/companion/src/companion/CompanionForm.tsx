import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  FormControl,
  FormHelperText,
  FormLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  AIRLINES,
  LANGUAGES,
  WHEELCHAIR,
  companionFormSchema,
  todayIso,
  type CompanionFormOutput,
  type CompanionFormValues,
  type CompanionRole,
} from '@safarsaathi/contracts';
import { AirportField, fillPlaceholders, useFormat } from '@safarsaathi/web-kit';
import { useId, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { DateField, resolverWithDates, type BadDates } from '../forms/DateField';
import { fieldMessage } from '../forms/fieldText';
import { useCompanionTexts } from '../i18n';

export type { CompanionFormOutput, CompanionFormValues };

const EMPTY_LAYOVER = { layoverAirport: '', airline: '', flightNumber: '', date: '' };

export const EMPTY_FORM = {
  serviceType: 'need',
  postedFor: 'self',
  fromAirport: '',
  toAirport: '',
  airline: '',
  flightNumber: '',
  travelDate: '',
  departureTime: '',
  arrivalDate: '',
  arrivalTime: '',
  confirmedTicket: true,
  tentativeFromDate: '',
  tentativeToDate: '',
  connectingFlights: [],
  passengerName: '',
  passengerAge: '',
  passengerGender: '',
  languagesKnown: [],
  serviceCharges: '',
  freeService: false,
  description: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  destinationAddress: '',
  receiverName: '',
  assistance: { wheelchair: 'none', notes: '' },
} satisfies CompanionFormValues;

export type CompanionFormControl = UseFormReturn<CompanionFormValues, unknown, CompanionFormOutput> & {
  badDates: BadDates;
};

/**
 * The companion form's state, kept by the page so that it survives switching tabs. Validated with
 * companionFormSchema: the service's own rules (companionFormErrors), today as the first allowed date.
 */
export function useCompanionForm(): CompanionFormControl {
  // A set the date fields update as they blur; it never drives rendering itself.
  const [badDates] = useState<BadDates>(() => new Set());
  const form = useForm<CompanionFormValues, unknown, CompanionFormOutput>({
    defaultValues: EMPTY_FORM,
    mode: 'onTouched',
    resolver: resolverWithDates(() => companionFormSchema(todayIso()), badDates),
  });
  return { ...form, badDates };
}

const AIRLINE_NAMES = AIRLINES.map((a) => a.name);

interface Props {
  role: CompanionRole;
  form: CompanionFormControl;
  onBack: () => void;
  onSubmit: (values: CompanionFormOutput) => void;
  submitting: boolean;
  message: { severity: 'success' | 'warning' | 'error'; text: string } | null;
  /** Editing an existing request (addendum §1.4): its own title and Save changes. */
  editing?: boolean;
}

/** The 'Find a Companion' / 'Offer Companion Service' form (spec §2, §5 Companion form). */
export function CompanionForm({ role, form, onBack, onSubmit, submitting, message, editing = false }: Props) {
  const today = todayIso();
  const texts = useCompanionTexts();
  const format = useFormat();
  const T = texts.companion;
  const submitHintId = useId();
  const L = texts.labels;
  const F = texts.form;
  const D = texts.tripDay;
  const P = texts.family.form;
  const A = texts.papers.form;
  const wheelchairNames = texts.papers.wheelchair;
  const emergencyNoticeId = useId();
  const postedForIds = { label: useId(), help: useId() };
  const need = role === 'need';
  const { control, register, setValue, getValues, formState, badDates } = form;
  const [confirmedTicket, freeService, tentativeFromDate] = useWatch({
    control,
    name: ['confirmedTicket', 'freeService', 'tentativeFromDate'],
  });
  const booked = !need || confirmedTicket;
  const layovers = useFieldArray({ control, name: 'connectingFlights' });
  const layoverError = fieldMessage(
    formState.errors.connectingFlights?.root?.message ?? formState.errors.connectingFlights?.message,
  );
  const assistanceError = fieldMessage(
    formState.errors.assistance?.notes?.message ??
      formState.errors.assistance?.wheelchair?.message ??
      formState.errors.assistance?.message,
  );
  const errorOf = (
    name:
      | 'airline'
      | 'flightNumber'
      | 'passengerName'
      | 'passengerAge'
      | 'serviceCharges'
      | 'departureTime'
      | 'arrivalTime'
      | 'destinationAddress'
      | 'receiverName'
      | 'emergencyContactName'
      | 'emergencyContactPhone',
  ) => {
    const message = fieldMessage(formState.errors[name]?.message);
    return { error: Boolean(message), helperText: message };
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }} data-testid="companion-form">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
          {T.back}
        </Button>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {editing ? D.editTitle : need ? T.formNeed : T.formProvide}
        </Typography>
      </Stack>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!submitting) void form.handleSubmit(onSubmit)();
        }}
      >
        <Stack spacing={2.5}>
          {/* Issue 38: a daughter posting for her mother says so; the companion's card then says who posted for whom. */}
          {need && (
            <Controller
              control={control}
              name="postedFor"
              render={({ field }) => (
                <FormControl>
                  <FormLabel id={postedForIds.label}>{P.whoTravels}</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby={postedForIds.label}
                    aria-describedby={field.value === 'family' ? postedForIds.help : undefined}
                    value={field.value ?? 'self'}
                    onChange={(e) => field.onChange(e.target.value)}
                  >
                    <FormControlLabel value="self" control={<Radio />} label={P.self} />
                    <FormControlLabel value="family" control={<Radio />} label={P.family} />
                  </RadioGroup>
                  {field.value === 'family' && (
                    <FormHelperText id={postedForIds.help} sx={{ mx: 0 }} data-testid="posted-for-help">
                      {P.familyHelp}
                    </FormHelperText>
                  )}
                </FormControl>
              )}
            />
          )}
          {need && (
            <Controller
              control={control}
              name="confirmedTicket"
              render={({ field }) => (
                <FormControl>
                  <FormLabel id="booking-status">{F.bookingStatus}</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby="booking-status"
                    value={field.value ? 'booked' : 'yet-to-book'}
                    onChange={(e) => field.onChange(e.target.value === 'booked')}
                  >
                    <FormControlLabel value="booked" control={<Radio />} label={T.bookedLabel} />
                    <FormControlLabel value="yet-to-book" control={<Radio />} label={T.yetToBookLabel} />
                  </RadioGroup>
                </FormControl>
              )}
            />
          )}

          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {(['fromAirport', 'toAirport'] as const).map((name) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field, fieldState }) => (
                  <AirportField
                    label={L[name]}
                    required
                    value={field.value ?? ''}
                    onChange={(code) => {
                      field.onChange(code);
                      field.onBlur();
                    }}
                    error={fieldMessage(fieldState.error?.message)}
                    testId={name === 'fromAirport' ? 'from-airport' : 'to-airport'}
                    inputRef={field.ref}
                  />
                )}
              />
            ))}
            {booked ? (
              <>
                <Controller
                  control={control}
                  name="airline"
                  render={({ field }) => (
                    <Autocomplete
                      freeSolo
                      options={AIRLINE_NAMES}
                      inputValue={field.value ?? ''}
                      onInputChange={(_e, text) => field.onChange(text)}
                      onBlur={field.onBlur}
                      renderInput={(params) => (
                        <TextField {...params} label={L.airline} required {...errorOf('airline')} />
                      )}
                    />
                  )}
                />
                <TextField
                  {...register('flightNumber')}
                  label={L.flightNumber}
                  required
                  placeholder="AI 101"
                  {...errorOf('flightNumber')}
                />
                <DateField
                  control={control}
                  name="travelDate"
                  label={L.travelDate}
                  required
                  min={today}
                  badDates={badDates}
                  // The arrival may be from the day before to two days after it: check it again.
                  onValue={() => {
                    if (getValues('arrivalDate')) void form.trigger('arrivalDate');
                  }}
                />
                <TextField
                  {...register('departureTime')}
                  label={D.form.departureTime}
                  type="time"
                  {...errorOf('departureTime')}
                  helperText={
                    fieldMessage(formState.errors.departureTime?.message) || D.form.departureTimeHelp
                  }
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                {/* Issue 39: the arrival, local at the destination airport (the card names its city). */}
                <DateField
                  control={control}
                  name="arrivalDate"
                  label={A.arrivalDate}
                  min={today}
                  badDates={badDates}
                />
                <TextField
                  {...register('arrivalTime', { deps: ['arrivalDate'] })}
                  label={A.arrivalTime}
                  type="time"
                  {...errorOf('arrivalTime')}
                  helperText={fieldMessage(formState.errors.arrivalTime?.message) || A.arrivalTimeHelp}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </>
            ) : (
              <>
                <DateField
                  control={control}
                  name="tentativeFromDate"
                  label={L.tentativeFromDate}
                  required
                  min={today}
                  badDates={badDates}
                  // Spec §5: a tentative to date earlier than the from date is pushed up to it.
                  onValue={(from) => {
                    const to = getValues('tentativeToDate');
                    if (to && from && to < from)
                      setValue('tentativeToDate', from, {
                        shouldValidate: formState.touchedFields.tentativeToDate,
                      });
                  }}
                />
                <DateField
                  control={control}
                  name="tentativeToDate"
                  label={L.tentativeToDate}
                  required
                  min={tentativeFromDate || today}
                  badDates={badDates}
                />
              </>
            )}
          </Box>

          <Box>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                {F.layoversOptional}
              </Typography>
              <Button
                startIcon={<AddIcon />}
                onClick={() => layovers.append(EMPTY_LAYOVER)}
                disabled={layovers.fields.length >= 5}
              >
                {T.addLayover}
              </Button>
            </Stack>
            <Stack spacing={2}>
              {layovers.fields.map((layover, index) => (
                <Box
                  key={layover.id}
                  sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
                  data-testid="layover-row"
                >
                  <Stack
                    direction="row"
                    sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
                  >
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {fillPlaceholders(F.layoverNumber, { index: index + 1 })}
                    </Typography>
                    <IconButton
                      aria-label={fillPlaceholders(F.removeLayover, { index: index + 1 })}
                      onClick={() => layovers.remove(index)}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Stack>
                  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                    <Controller
                      control={control}
                      name={`connectingFlights.${index}.layoverAirport`}
                      render={({ field }) => (
                        <AirportField
                          label={F.layoverAirport}
                          value={field.value ?? ''}
                          onChange={field.onChange}
                          testId={`layover-airport-${index}`}
                        />
                      )}
                    />
                    <Controller
                      control={control}
                      name={`connectingFlights.${index}.airline`}
                      render={({ field }) => (
                        <Autocomplete
                          freeSolo
                          options={AIRLINE_NAMES}
                          inputValue={field.value ?? ''}
                          onInputChange={(_e, text) => field.onChange(text)}
                          renderInput={(params) => <TextField {...params} label={F.layoverAirline} />}
                        />
                      )}
                    />
                    <TextField
                      {...register(`connectingFlights.${index}.flightNumber`)}
                      label={F.layoverFlightNumber}
                    />
                    <DateField
                      control={control}
                      name={`connectingFlights.${index}.date`}
                      label={F.layoverDate}
                      min={today}
                      badDates={badDates}
                    />
                  </Box>
                </Box>
              ))}
            </Stack>
            {layoverError && layovers.fields.length > 0 && (
              <FormHelperText error role="alert">
                {layoverError}
              </FormHelperText>
            )}
          </Box>

          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
            <TextField
              {...register('passengerName')}
              label={need ? L.passengerName : L.yourName}
              required
              {...errorOf('passengerName')}
              slotProps={{ htmlInput: { maxLength: 60 } }}
            />
            <TextField
              {...register('passengerAge')}
              label={L.passengerAge}
              required
              type="number"
              {...errorOf('passengerAge')}
              slotProps={{ htmlInput: { min: 1, max: 120 } }}
            />
            <Controller
              control={control}
              name="passengerGender"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  value={field.value ?? ''}
                  select
                  label={L.passengerGender}
                  required
                  error={Boolean(fieldState.error)}
                  helperText={fieldMessage(fieldState.error?.message)}
                >
                  <MenuItem value="male">{F.genders.male}</MenuItem>
                  <MenuItem value="female">{F.genders.female}</MenuItem>
                  <MenuItem value="other">{F.genders.other}</MenuItem>
                </TextField>
              )}
            />
          </Box>

          <Controller
            control={control}
            name="languagesKnown"
            render={({ field, fieldState }) => (
              <Autocomplete
                multiple
                options={[...LANGUAGES] as string[]}
                value={field.value}
                onChange={(_e, value) => field.onChange(value)}
                onBlur={field.onBlur}
                getOptionLabel={(option) => format.language(option)}
                renderValue={(value, getItemProps) =>
                  value.map((option, index) => {
                    const { key, ...itemProps } = getItemProps({ index });
                    return <Chip key={key} size="small" label={format.language(option)} {...itemProps} />;
                  })
                }
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={L.languagesKnown}
                    required={field.value.length === 0}
                    error={Boolean(fieldState.error)}
                    helperText={fieldMessage(fieldState.error?.message)}
                  />
                )}
              />
            )}
          />

          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
              alignItems: 'center',
            }}
          >
            <TextField
              {...register('serviceCharges')}
              label={F.serviceCharges}
              type="number"
              placeholder="$150"
              disabled={freeService}
              {...errorOf('serviceCharges')}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                htmlInput: { min: 0 },
              }}
            />
            <Controller
              control={control}
              name="freeService"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={field.value}
                      onChange={(e) => {
                        field.onChange(e.target.checked);
                        // Spec §5: ticking Free Service clears and disables the service charge.
                        if (e.target.checked) setValue('serviceCharges', '', { shouldValidate: true });
                      }}
                    />
                  }
                  label={T.freeService}
                />
              )}
            />
          </Box>

          {need && (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
              <Typography variant="subtitle1" component="legend" sx={{ fontWeight: 700, mb: 0.5 }}>
                {D.form.emergencyTitle}
              </Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                id={emergencyNoticeId}
                sx={{ mb: 1.5 }}
                data-testid="emergency-notice"
              >
                {D.form.emergencyNotice}
              </Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <TextField
                  {...register('emergencyContactName')}
                  label={D.form.emergencyName}
                  {...errorOf('emergencyContactName')}
                  slotProps={{ htmlInput: { maxLength: 60, 'aria-describedby': emergencyNoticeId } }}
                />
                <TextField
                  {...register('emergencyContactPhone')}
                  label={D.form.emergencyPhone}
                  type="tel"
                  placeholder="+91 98450 12345"
                  {...errorOf('emergencyContactPhone')}
                  helperText={
                    fieldMessage(formState.errors.emergencyContactPhone?.message) || D.form.emergencyPhoneHelp
                  }
                  slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off' } }}
                />
              </Box>
            </Box>
          )}

          {need && (
            // Issue 39: what the traveller's card and the pickup pass print for a traveller without a smartphone.
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} data-testid="papers-fields">
              <Typography variant="subtitle1" component="legend" sx={{ fontWeight: 700, mb: 0.5 }}>
                {A.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {A.notice}
              </Typography>
              <Stack spacing={2}>
                <TextField
                  {...register('destinationAddress')}
                  label={A.destinationAddress}
                  multiline
                  minRows={2}
                  {...errorOf('destinationAddress')}
                  helperText={
                    fieldMessage(formState.errors.destinationAddress?.message) || A.destinationAddressHelp
                  }
                  // Its helper (printed in English) is what a screen reader says of it: no describedby of ours.
                  slotProps={{ htmlInput: { maxLength: 200, lang: 'en' } }}
                />
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  <TextField
                    {...register('receiverName')}
                    label={A.receiverName}
                    {...errorOf('receiverName')}
                    helperText={fieldMessage(formState.errors.receiverName?.message) || A.receiverNameHelp}
                    slotProps={{ htmlInput: { maxLength: 60, autoComplete: 'off' } }}
                  />
                  <Controller
                    control={control}
                    name="assistance.wheelchair"
                    render={({ field }) => (
                      <TextField
                        {...field}
                        value={field.value ?? 'none'}
                        select
                        label={A.wheelchair}
                        data-testid="wheelchair"
                      >
                        {WHEELCHAIR.map((choice) => (
                          <MenuItem key={choice} value={choice}>
                            {wheelchairNames[choice]}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                </Box>
                <TextField
                  {...register('assistance.notes')}
                  label={A.assistanceNotes}
                  multiline
                  minRows={2}
                  error={Boolean(assistanceError)}
                  helperText={assistanceError || A.assistanceNotesHelp}
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
              </Stack>
            </Box>
          )}

          <TextField
            {...register('description')}
            label={F.description}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />

          {message && (
            <Alert severity={message.severity} data-testid="companion-form-message">
              {message.text}
            </Alert>
          )}

          {/* Submit stays disabled until the form is valid (spec §5); this says why, on screen and to screen readers. */}
          {!formState.isValid && !submitting && (
            <Typography
              variant="body2"
              color="text.secondary"
              id={submitHintId}
              data-testid="companion-submit-hint"
            >
              {T.submitHint}
            </Typography>
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!formState.isValid || submitting}
            aria-describedby={!formState.isValid && !submitting ? submitHintId : undefined}
          >
            {submitting ? (editing ? D.saving : T.submitting) : editing ? D.saveChanges : T.submit}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
