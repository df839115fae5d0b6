import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { suggestAirports, type Airport } from '@safarsaathi/contracts';
import { useTranslation } from 'react-i18next';
import { useMemo, useState, type Ref } from 'react';
import { useAirports } from './loadAirports';

interface AirportFieldProps {
  label: string;
  /** The chosen IATA code, or ''. */
  value: string;
  onChange: (code: string) => void;
  /** Receives the chosen airport too (its display name), once the list has loaded. */
  onAirportChange?: (airport: Airport | null) => void;
  required?: boolean;
  error?: string;
  helperText?: string;
  testId?: string;
  size?: 'small' | 'medium';
  /** The text input, so a form can move the focus to it (react-hook-form's `field.ref`, an error on submit). */
  inputRef?: Ref<HTMLInputElement>;
}

/** A code the list does not know (yet): shown as the code itself. */
const unknownAirport = (code: string): Airport => ({
  iataCode: code,
  name: code,
  country: '',
  city: '',
  displayName: code,
});

/**
 * Airport type-ahead over /data/airports.csv: takes a code, a city or a name; suggestions show only
 * after the user types (spec §5).
 */
export function AirportField({
  label,
  value,
  onChange,
  onAirportChange,
  required,
  error,
  helperText,
  testId,
  size,
  inputRef,
}: AirportFieldProps) {
  const airports = useAirports();
  const { t } = useTranslation('common');

  const selected = useMemo(
    () => (value ? (airports?.find((a) => a.iataCode === value) ?? unknownAirport(value)) : null),
    [airports, value],
  );
  // Starts as the chosen airport's name, which the Autocomplete would otherwise set right after mounting
  // (a second render of the field).
  const [input, setInput] = useState(() => selected?.displayName ?? '');
  const typed = input.trim() !== '' && input !== selected?.displayName;
  const options = useMemo(
    () => (airports && typed ? suggestAirports(airports, input) : []),
    [airports, input, typed],
  );
  const noOptionsText = !airports
    ? t('airport.loading')
    : typed
      ? t('airport.noneFound')
      : t('airport.typeToSearch');

  return (
    <Autocomplete<Airport>
      options={options}
      value={selected}
      loading={!airports}
      loadingText={t('airport.loading')}
      noOptionsText={noOptionsText}
      filterOptions={(x) => x}
      getOptionLabel={(airport) => airport.displayName}
      isOptionEqualToValue={(a, b) => a.iataCode === b.iataCode}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      onChange={(_event, airport) => {
        onChange(airport?.iataCode ?? '');
        onAirportChange?.(airport);
      }}
      size={size}
      renderOption={({ key, ...optionProps }, airport) => (
        <Box component="li" key={key} {...optionProps}>
          <Box>
            <Typography variant="body2">{airport.displayName}</Typography>
            {(airport.city || airport.country) && (
              <Typography variant="caption" color="text.secondary">
                {[airport.city, airport.country].filter(Boolean).join(', ')}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          inputRef={inputRef}
          required={required}
          error={Boolean(error)}
          helperText={error ?? helperText}
          placeholder={t('airport.placeholder')}
          inputProps={{ ...params.inputProps, 'data-testid': testId }}
          // An error that appears after pressing Search is announced, not only coloured (WCAG 4.1.3).
          slotProps={{ formHelperText: { role: error ? 'alert' : undefined } }}
        />
      )}
    />
  );
}
