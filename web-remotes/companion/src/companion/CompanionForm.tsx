import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormLabel,
  IconButton,
  InputAdornment,
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
  COMPANION_LABELS,
  LANGUAGES,
  companionFormErrors,
  todayIso,
  type CompanionRole,
  type CompanionSubmissionInput,
} from '@safarsaathi/contracts';
import { AirportField } from '@safarsaathi/web-kit';
import { useMemo, useState } from 'react';
import { COMPANION_TEXT as T } from '../messages';

export interface LayoverInput {
  layoverAirport: string;
  airline: string;
  flightNumber: string;
  date: string;
}

export interface FormState {
  fromAirport: string;
  toAirport: string;
  airline: string;
  flightNumber: string;
  travelDate: string;
  booked: boolean;
  tentativeFromDate: string;
  tentativeToDate: string;
  layovers: LayoverInput[];
  passengerName: string;
  passengerAge: string;
  passengerGender: string;
  languages: string[];
  serviceCharges: string;
  freeService: boolean;
  description: string;
}

export const EMPTY_FORM: FormState = {
  fromAirport: '',
  toAirport: '',
  airline: '',
  flightNumber: '',
  travelDate: '',
  booked: true,
  tentativeFromDate: '',
  tentativeToDate: '',
  layovers: [],
  passengerName: '',
  passengerAge: '',
  passengerGender: '',
  languages: [],
  serviceCharges: '',
  freeService: false,
  description: '',
};

export function toSubmission(role: CompanionRole, form: FormState): CompanionSubmissionInput {
  const booked = role === 'provide' || form.booked;
  return {
    serviceType: role,
    fromAirport: form.fromAirport,
    toAirport: form.toAirport,
    airline: booked ? form.airline : undefined,
    flightNumber: booked ? form.flightNumber : undefined,
    travelDate: booked ? form.travelDate : undefined,
    confirmedTicket: booked,
    tentativeFromDate: booked ? undefined : form.tentativeFromDate,
    tentativeToDate: booked ? undefined : form.tentativeToDate,
    connectingFlights: form.layovers,
    passengerName: form.passengerName,
    passengerAge: form.passengerAge,
    passengerGender: form.passengerGender,
    languagesKnown: form.languages.join(', '),
    serviceCharges: form.freeService ? undefined : form.serviceCharges,
    freeService: form.freeService,
    description: form.description,
  };
}

const AIRLINE_NAMES = AIRLINES.map((a) => a.name);

interface Props {
  role: CompanionRole;
  form: FormState;
  onChange: (form: FormState) => void;
  onBack: () => void;
  onSubmit: () => void;
  submitting: boolean;
  message: { severity: 'success' | 'warning' | 'error'; text: string } | null;
}

/** The 'Find a Companion' / 'Offer Companion Service' form (spec §2, §5 Companion form). */
export function CompanionForm({ role, form, onChange, onBack, onSubmit, submitting, message }: Props) {
  const today = todayIso();
  const need = role === 'need';
  const booked = !need || form.booked;
  const errors = useMemo(() => companionFormErrors(toSubmission(role, form), today), [role, form, today]);
  const valid = Object.keys(errors).length === 0;
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setTouched((t) => ({ ...t, [key]: true }));
    onChange({ ...form, [key]: value });
  };
  const shown = (field: keyof typeof errors) => (touched[field] ? errors[field] : undefined);
  const setLayover = (index: number, patch: Partial<LayoverInput>) =>
    set(
      'layovers',
      form.layovers.map((l, i) => (i === index ? { ...l, ...patch } : l)),
    );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }} data-testid="companion-form">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
          {T.back}
        </Button>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {need ? T.formNeed : T.formProvide}
        </Typography>
      </Stack>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && !submitting) onSubmit();
        }}
      >
        <Stack spacing={2.5}>
          {need && (
            <FormControl>
              <FormLabel id="booking-status">Booking status</FormLabel>
              <RadioGroup
                row
                aria-labelledby="booking-status"
                value={form.booked ? 'booked' : 'yet-to-book'}
                onChange={(e) => set('booked', e.target.value === 'booked')}
              >
                <FormControlLabel value="booked" control={<Radio />} label={T.bookedLabel} />
                <FormControlLabel value="yet-to-book" control={<Radio />} label={T.yetToBookLabel} />
              </RadioGroup>
            </FormControl>
          )}

          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <AirportField
              label={COMPANION_LABELS.fromAirport}
              required
              value={form.fromAirport}
              onChange={(code) => set('fromAirport', code)}
              error={shown('fromAirport')}
              testId="from-airport"
            />
            <AirportField
              label={COMPANION_LABELS.toAirport}
              required
              value={form.toAirport}
              onChange={(code) => set('toAirport', code)}
              error={shown('toAirport')}
              testId="to-airport"
            />
            {booked ? (
              <>
                <Autocomplete
                  freeSolo
                  options={AIRLINE_NAMES}
                  inputValue={form.airline}
                  onInputChange={(_e, text) => set('airline', text)}
                  renderInput={(params) => (
                    <TextField {...params} label={COMPANION_LABELS.airline} required error={Boolean(shown('airline'))} helperText={shown('airline')} />
                  )}
                />
                <TextField
                  label={COMPANION_LABELS.flightNumber}
                  required
                  value={form.flightNumber}
                  onChange={(e) => set('flightNumber', e.target.value)}
                  error={Boolean(shown('flightNumber'))}
                  helperText={shown('flightNumber')}
                  placeholder="AI 101"
                />
                <TextField
                  label={COMPANION_LABELS.travelDate}
                  type="date"
                  required
                  value={form.travelDate}
                  onChange={(e) => set('travelDate', e.target.value)}
                  error={Boolean(shown('travelDate'))}
                  helperText={shown('travelDate')}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
                />
              </>
            ) : (
              <>
                <TextField
                  label={COMPANION_LABELS.tentativeFromDate}
                  type="date"
                  required
                  value={form.tentativeFromDate}
                  onChange={(e) => {
                    const from = e.target.value;
                    setTouched((t) => ({ ...t, tentativeFromDate: true }));
                    onChange({
                      ...form,
                      tentativeFromDate: from,
                      tentativeToDate: form.tentativeToDate && from && form.tentativeToDate < from ? from : form.tentativeToDate,
                    });
                  }}
                  error={Boolean(shown('tentativeFromDate'))}
                  helperText={shown('tentativeFromDate')}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
                />
                <TextField
                  label={COMPANION_LABELS.tentativeToDate}
                  type="date"
                  required
                  value={form.tentativeToDate}
                  onChange={(e) => set('tentativeToDate', e.target.value)}
                  error={Boolean(shown('tentativeToDate'))}
                  helperText={shown('tentativeToDate')}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: form.tentativeFromDate || today } }}
                />
              </>
            )}
          </Box>

          <Box>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                Layovers (optional)
              </Typography>
              <Button
                startIcon={<AddIcon />}
                onClick={() => set('layovers', [...form.layovers, { layoverAirport: '', airline: '', flightNumber: '', date: '' }])}
                disabled={form.layovers.length >= 5}
              >
                {T.addLayover}
              </Button>
            </Stack>
            <Stack spacing={2}>
              {form.layovers.map((layover, index) => (
                <Box key={index} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }} data-testid="layover-row">
                  <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      Layover {index + 1}
                    </Typography>
                    <IconButton
                      aria-label={`Remove layover ${index + 1}`}
                      onClick={() => set('layovers', form.layovers.filter((_l, i) => i !== index))}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Stack>
                  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                    <AirportField
                      label="Layover Airport"
                      value={layover.layoverAirport}
                      onChange={(code) => setLayover(index, { layoverAirport: code })}
                      testId={`layover-airport-${index}`}
                    />
                    <Autocomplete
                      freeSolo
                      options={AIRLINE_NAMES}
                      inputValue={layover.airline}
                      onInputChange={(_e, text) => setLayover(index, { airline: text })}
                      renderInput={(params) => <TextField {...params} label="Layover Airline" />}
                    />
                    <TextField
                      label="Layover Flight Number"
                      value={layover.flightNumber}
                      onChange={(e) => setLayover(index, { flightNumber: e.target.value })}
                    />
                    <TextField
                      label="Layover Date"
                      type="date"
                      value={layover.date}
                      onChange={(e) => setLayover(index, { date: e.target.value })}
                      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
                    />
                  </Box>
                </Box>
              ))}
            </Stack>
            {errors.connectingFlights && form.layovers.length > 0 && (
              <Typography variant="caption" color="error">
                {errors.connectingFlights}
              </Typography>
            )}
          </Box>

          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
            <TextField
              label={need ? COMPANION_LABELS.passengerName : COMPANION_LABELS.yourName}
              required
              value={form.passengerName}
              onChange={(e) => set('passengerName', e.target.value)}
              error={Boolean(shown('passengerName'))}
              helperText={shown('passengerName')}
              slotProps={{ htmlInput: { maxLength: 60 } }}
            />
            <TextField
              label={COMPANION_LABELS.passengerAge}
              required
              type="number"
              value={form.passengerAge}
              onChange={(e) => set('passengerAge', e.target.value)}
              error={Boolean(shown('passengerAge'))}
              helperText={shown('passengerAge')}
              slotProps={{ htmlInput: { min: 1, max: 120 } }}
            />
            <TextField
              select
              label={COMPANION_LABELS.passengerGender}
              required
              value={form.passengerGender}
              onChange={(e) => set('passengerGender', e.target.value)}
              error={Boolean(shown('passengerGender'))}
              helperText={shown('passengerGender')}
            >
              <MenuItem value="male">Male</MenuItem>
              <MenuItem value="female">Female</MenuItem>
              <MenuItem value="other">Other</MenuItem>
            </TextField>
          </Box>

          <Autocomplete
            multiple
            options={[...LANGUAGES] as string[]}
            value={form.languages}
            onChange={(_e, value) => set('languages', value)}
            renderValue={(value, getItemProps) =>
              value.map((option, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} size="small" label={option} {...itemProps} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label={COMPANION_LABELS.languagesKnown}
                required={form.languages.length === 0}
                error={Boolean(shown('languagesKnown'))}
                helperText={shown('languagesKnown')}
              />
            )}
          />

          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'center' }}>
            <TextField
              label="Service Charges"
              type="number"
              placeholder="$150"
              value={form.serviceCharges}
              disabled={form.freeService}
              onChange={(e) => set('serviceCharges', e.target.value)}
              error={Boolean(shown('serviceCharges'))}
              helperText={shown('serviceCharges')}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                htmlInput: { min: 0 },
              }}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.freeService}
                  onChange={(e) => {
                    setTouched((t) => ({ ...t, serviceCharges: true }));
                    onChange({ ...form, freeService: e.target.checked, serviceCharges: e.target.checked ? '' : form.serviceCharges });
                  }}
                />
              }
              label={T.freeService}
            />
          </Box>

          <TextField
            label="Description"
            multiline
            minRows={3}
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />

          {message && (
            <Alert severity={message.severity} data-testid="companion-form-message">
              {message.text}
            </Alert>
          )}

          <Button type="submit" variant="contained" size="large" disabled={!valid || submitting}>
            {submitting ? T.submitting : T.submit}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
