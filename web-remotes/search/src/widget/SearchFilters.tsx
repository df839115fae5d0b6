import SearchIcon from '@mui/icons-material/Search';
import { CircularProgress, Grid, IconButton, MenuItem, TextField, Tooltip } from '@mui/material';
import {
  SEARCHABLE_SERVICES,
  SEARCH_MESSAGES,
  SEARCH_TEXT,
  SERVICE_TYPE_LABELS,
  todayIso,
  type ServiceType,
} from '@safarsaathi/contracts';
import { AirportField } from '@safarsaathi/web-kit';
import type { TravellerSearch } from './useTravellerSearch';

/** Service, airports, date range and the round search button (spec §2 Search page). */
export function SearchFilters({ search }: { search: TravellerSearch }) {
  const { filter, changeFilter, changeService, loading, fromMissing } = search;
  const today = todayIso();

  return (
    <Grid
      container
      spacing={2}
      component="form"
      role="search"
      aria-label="Traveller search filters"
      // The widget shows its own 'From airport is required', not the browser's bubble.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        search.search();
      }}
      sx={{ alignItems: 'flex-start' }}
    >
      <Grid size={{ xs: 12, md: 4 }}>
        <TextField
          select
          fullWidth
          label={SEARCH_TEXT.serviceLabel}
          value={filter.service}
          onChange={(event) => changeService(event.target.value as ServiceType)}
        >
          {SEARCHABLE_SERVICES.map((service) => (
            <MenuItem key={service} value={service}>
              {SERVICE_TYPE_LABELS[service]}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <AirportField
          label={SEARCH_TEXT.fromLabel}
          value={filter.fromAirport}
          onChange={(code) => changeFilter({ fromAirport: code })}
          required
          error={fromMissing ? SEARCH_MESSAGES.fromRequired : undefined}
          testId="search-from-airport"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <AirportField
          label={SEARCH_TEXT.toLabel}
          value={filter.toAirport}
          onChange={(code) => changeFilter({ toAirport: code })}
          testId="search-to-airport"
        />
      </Grid>
      <Grid size={{ xs: 6, md: 4 }}>
        <TextField
          fullWidth
          type="date"
          label={SEARCH_TEXT.fromDateLabel}
          value={filter.fromDate}
          onChange={(event) => changeFilter({ fromDate: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 4 }}>
        <TextField
          fullWidth
          type="date"
          label={SEARCH_TEXT.toDateLabel}
          value={filter.toDate}
          onChange={(event) => changeFilter({ toDate: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filter.fromDate || today } }}
        />
      </Grid>
      <Grid
        size={{ xs: 12, md: 4 }}
        sx={{ display: 'flex', justifyContent: { xs: 'center', md: 'flex-start' } }}
      >
        <Tooltip title={SEARCH_TEXT.search}>
          <span>
            <IconButton
              type="submit"
              aria-label={SEARCH_TEXT.search}
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
                <CircularProgress size={24} color="inherit" aria-label="Searching" />
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
