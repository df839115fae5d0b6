import { Autocomplete, Box, TextField } from '@mui/material';
import InputAdornment from '@mui/material/InputAdornment';
import { COUNTRIES, searchCountries, type Country } from '@safarsaathi/contracts';
import { useFormat } from '@safarsaathi/web-kit';
import { useSiteTranslation } from '../i18n';
import { CountryFlag } from './CountryFlag';
import { countryName } from './countryName';

interface CountrySelectProps {
  value: Country;
  onChange: (country: Country) => void;
  disabled?: boolean;
}

/** Country of the mobile number: flag and dial code when closed, searchable by name, dial code or code. */
export function CountrySelect({ value, onChange, disabled }: CountrySelectProps) {
  const { t } = useSiteTranslation();
  const { locale } = useFormat();
  const nameOf = (country: Country) => countryName(country, locale);
  // By the English name, dial code or code as before, and by the name as shown (e.g. typed in Hindi).
  const search = (text: string): Country[] => {
    const found = searchCountries(text);
    const typed = text.trim().toLocaleLowerCase();
    if (locale === 'en' || !typed) return found;
    return COUNTRIES.filter(
      (country) => found.includes(country) || nameOf(country).toLocaleLowerCase().includes(typed),
    );
  };
  return (
    <Autocomplete
      options={COUNTRIES}
      value={value}
      onChange={(_event, country) => onChange(country)}
      disableClearable
      disabled={disabled}
      filterOptions={(_options, { inputValue }) => search(inputValue)}
      getOptionLabel={(country) => country.dialCode}
      isOptionEqualToValue={(option, selected) => option.code === selected.code}
      noOptionsText={t('login.noCountries')}
      renderOption={({ key, ...optionProps }, country) => (
        <Box component="li" key={key} {...optionProps} sx={{ gap: 1 }}>
          <CountryFlag country={country} decorative />
          <span>{nameOf(country)}</span>
          <Box component="span" sx={{ color: 'text.secondary', ml: 'auto' }}>
            {country.dialCode}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('forms.country')}
          slotProps={{
            input: {
              ...params.InputProps,
              // The selected country's flag before its dial code; its alt text names the country.
              startAdornment: (
                <InputAdornment position="start" sx={{ mr: 0.5 }}>
                  <CountryFlag country={value} />
                </InputAdornment>
              ),
            },
            // The field shows only the flag and dial code: the name says which country is chosen.
            htmlInput: {
              ...params.inputProps,
              'aria-label': t('forms.countryValue', { name: nameOf(value) }),
            },
          }}
        />
      )}
      // The list needs room for country names; the field itself only shows the flag and dial code.
      slotProps={{ popper: { style: { width: 300 }, placement: 'bottom-start' } }}
      sx={{ width: 150, flexShrink: 0 }}
      data-testid="country-select"
    />
  );
}
