import SearchIcon from '@mui/icons-material/Search';
import {
  Autocomplete,
  Chip,
  CircularProgress,
  Grid,
  IconButton,
  MenuItem,
  TextField,
  Tooltip,
} from '@mui/material';
import {
  LANGUAGES,
  SEARCHABLE_SERVICES,
  SEARCH_MESSAGES,
  todayIso,
  type ServiceType,
} from '@safarsaathi/contracts';
import { AirportField, translateMessage, useFormat, useReadingPreferences } from '@safarsaathi/web-kit';
import { useRef } from 'react';
import type { TravellerSearch } from './useTravellerSearch';
import { useSearchTranslation } from '../i18n';

/** Service, airports, date range, the languages spoken and the round search button (spec §2 Search page, addendum §4). */
export function SearchFilters({ search }: { search: TravellerSearch }) {
  const { filter, changeFilter, changeService, loading, fromMissing } = search;
  const today = todayIso();
  const { t } = useSearchTranslation();
  // Large text (easy reading): the two dates take a row each on a phone, where their labels fit.
  const dateColumns = useReadingPreferences().large_text ? 12 : 6;
  const fromInput = useRef<HTMLInputElement>(null);
  const format = useFormat();

  return (
    <Grid
      container
      spacing={2}
      component="form"
      role="search"
      aria-label={t('filters')}
      // The widget shows its own 'From airport is required', not the browser's bubble.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // A keyboard user lands on the field that needs fixing (its error is announced as well).
        if (!filter.fromAirport) fromInput.current?.focus();
        search.search();
      }}
      sx={{ alignItems: 'flex-start' }}
    >
      <Grid size={{ xs: 12, md: 4 }}>
        <TextField
          select
          fullWidth
          label={t('serviceLabel')}
          value={filter.service}
          onChange={(event) => changeService(event.target.value as ServiceType)}
        >
          {SEARCHABLE_SERVICES.map((service) => (
            <MenuItem key={service} value={service}>
              {t(`services.${service}`)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <AirportField
          label={t('fromLabel')}
          value={filter.fromAirport}
          onChange={(code) => changeFilter({ fromAirport: code })}
          required
          error={fromMissing ? translateMessage(SEARCH_MESSAGES.fromRequired) : undefined}
          testId="search-from-airport"
          inputRef={fromInput}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <AirportField
          label={t('toLabel')}
          value={filter.toAirport}
          onChange={(code) => changeFilter({ toAirport: code })}
          testId="search-to-airport"
        />
      </Grid>
      <Grid size={{ xs: dateColumns, md: 3 }}>
        <TextField
          fullWidth
          type="date"
          label={t('fromDateLabel')}
          value={filter.fromDate}
          onChange={(event) => changeFilter({ fromDate: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
        />
      </Grid>
      <Grid size={{ xs: dateColumns, md: 3 }}>
        <TextField
          fullWidth
          type="date"
          label={t('toDateLabel')}
          value={filter.toDate}
          onChange={(event) => changeFilter({ toDate: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filter.fromDate || today } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        {/* Any of these (a union): travellers who speak at least one; none chosen is everyone. */}
        <Autocomplete
          multiple
          limitTags={2}
          options={[...LANGUAGES] as string[]}
          value={filter.languages}
          onChange={(_event, languages) => changeFilter({ languages })}
          getOptionLabel={(language) => format.language(language)}
          renderValue={(value, getItemProps) =>
            value.map((language, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} size="small" label={format.language(language)} {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('speaks')}
              placeholder={filter.languages.length === 0 ? t('anyLanguage') : undefined}
              slotProps={{
                inputLabel: { ...params.InputLabelProps, shrink: true },
              }}
            />
          )}
          data-testid="search-languages"
        />
      </Grid>
      <Grid
        size={{ xs: 12, md: 2 }}
        sx={{ display: 'flex', justifyContent: { xs: 'center', md: 'flex-start' } }}
      >
        {/* The button names itself; describeChild keeps the tooltip from naming the span with aria-label too. */}
        <Tooltip title={t('search')} describeChild>
          <span>
            <IconButton
              type="submit"
              aria-label={t('search')}
              disabled={loading}
              sx={{
                width: 56,
                height: 56,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                '&:hover': { bgcolor: 'primary.dark' },
                '&.Mui-disabled': { bgcolor: 'primary.light', color: 'primary.contrastText' },
              }}
            >
              {loading ? (
                <CircularProgress size={24} color="inherit" aria-label={t('searching')} />
              ) : (
                <SearchIcon />
              )}
            </IconButton>
          </span>
        </Tooltip>
      </Grid>
    </Grid>
  );
}
