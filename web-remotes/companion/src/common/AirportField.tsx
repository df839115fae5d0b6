import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { COMPANION_TEXT } from '../messages';
import { loadAirports, searchAirports, type Airport } from './airports';

interface Props {
  label: string;
  value: string;
  onChange: (code: string) => void;
  required?: boolean;
  error?: string;
  testId?: string;
}

const label = (a: Airport) => `${a.code} - ${a.name}${a.city ? `, ${a.city}` : ''}`;

/** Airport type-ahead over /data/airports.csv; suggestions only after the user types. */
export function AirportField({ label: fieldLabel, value, onChange, required, error, testId }: Props) {
  const [airports, setAirports] = useState<Airport[] | null>(null);
  const [input, setInput] = useState('');

  useEffect(() => {
    let live = true;
    void loadAirports().then((list) => live && setAirports(list));
    return () => {
      live = false;
    };
  }, []);

  const selected = useMemo(
    () => (value ? (airports?.find((a) => a.code === value) ?? { code: value, name: value, country: '', city: '' }) : null),
    [airports, value],
  );
  const options = useMemo(
    () => (airports && input.trim() && input !== (selected ? label(selected) : '') ? searchAirports(airports, input) : []),
    [airports, input, selected],
  );

  const noOptions = !airports ? COMPANION_TEXT.airportsLoading : input.trim() ? COMPANION_TEXT.airportsNone : COMPANION_TEXT.airportsType;

  return (
    <Autocomplete<Airport>
      options={options}
      value={selected}
      loading={!airports}
      loadingText={COMPANION_TEXT.airportsLoading}
      noOptionsText={noOptions}
      filterOptions={(x) => x}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      inputValue={input}
      onInputChange={(_e, text) => setInput(text)}
      onChange={(_e, airport) => onChange(airport?.code ?? '')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={fieldLabel}
          required={required}
          error={Boolean(error)}
          helperText={error}
          placeholder="City, airport or code"
          inputProps={{ ...params.inputProps, 'data-testid': testId }}
        />
      )}
    />
  );
}
