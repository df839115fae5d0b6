import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { Alert, Box, Grid, Paper, Snackbar, Stack, Typography } from '@mui/material';
import { SEARCH_MESSAGES } from '@safarsaathi/contracts';
import {
  EmbeddedChatDialog,
  loadAirports,
  translateMessage,
  useAirports,
  type SearchWidgetProps,
} from '@safarsaathi/web-kit';
import { startTransition, useEffect, useRef } from 'react';
import { ContactDisclaimerDialog } from './ContactDisclaimerDialog';
import { ResultCard } from './ResultCard';
import { SearchFilters } from './SearchFilters';
import { useContact } from './useContact';
import { useTravellerSearch } from './useTravellerSearch';
import { useSearchTranslation } from '../i18n';

/** The display name of an airport code ('name (code)'), or the code until the list has loaded. */
function useAirportDisplayName(code: string | undefined): string | undefined {
  const airports = useAirports();
  if (!code) return undefined;
  return airports?.find((a) => a.iataCode === code)?.displayName ?? code;
}

/**
 * What the widget's first render needs (the airports, for the from-airport's name): the shell loads it
 * together with the module before a page's first render (a RemoteModuleLoader `preload`), so the widget
 * renders once with it instead of again when it arrives.
 */
export const preload = (): Promise<unknown> => loadAirports();

/**
 * The shared traveller search (spec §2 Search page): filters, heading, result grid and Contact.
 * Public on the landing page, signed-in on the dashboard.
 */
export default function SearchWidget({
  publicMode = false,
  autoSearch = false,
  onLoginRequest,
}: SearchWidgetProps) {
  const search = useTravellerSearch(publicMode);
  const contact = useContact(publicMode, onLoginRequest);
  const fromName = useAirportDisplayName(search.lastFilter?.fromAirport);
  const { t } = useSearchTranslation();
  const count = search.results.length;
  const heading =
    count === 0
      ? translateMessage(SEARCH_MESSAGES.noResults)
      : fromName
        ? t('foundFrom', { count, airport: fromName })
        : t('found', { count });

  // Public mode with auto-search: once, as soon as there is a from-airport and nothing has run yet.
  const autoSearched = useRef(false);
  const { filter, searched, search: runSearch } = search;
  const showResults = search.searched && !search.loading;
  useEffect(() => {
    if (!autoSearch || !publicMode || autoSearched.current || searched || !filter.fromAirport) return;
    autoSearched.current = true;
    // Not urgent (nobody asked yet): rendered in slices, so the landing page stays responsive on a phone.
    startTransition(runSearch);
  }, [autoSearch, publicMode, searched, filter.fromAirport, runSearch]);

  return (
    <Paper
      variant="outlined"
      sx={{ borderRadius: 3, p: { xs: 2, md: 3 } }}
      data-testid="search-widget"
      data-mode={publicMode ? 'public' : 'signed-in'}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <TravelExploreIcon color="primary" aria-hidden sx={{ display: { xs: 'none', sm: 'block' } }} />
        {/* On a phone the heading has the row to itself (the icon is decorative) and a size that follows the
            screen, so a long word (Tamil) stays whole and on the screen. */}
        <Typography
          variant="h5"
          component="h2"
          sx={{ fontWeight: 700, minWidth: 0, fontSize: 'min(1.5rem, 6.4vw)' }}
        >
          {t('title')}
        </Typography>
      </Stack>

      <SearchFilters search={search} />

      {/*
        The outcome of each search is announced (WCAG 4.1.3): the heading sits in a polite status region
        that is always in the page (a region mounted with its text says nothing); it is emptied while a
        search runs, so a repeated search with the same count is announced again.
      */}
      <Box role="status" aria-live="polite" aria-atomic="true" data-testid="search-status">
        {showResults && (
          <Typography variant="h6" component="h3" data-testid="search-heading" sx={{ mt: 3, mb: 2 }}>
            {heading}
          </Typography>
        )}
      </Box>

      {showResults && (
        <Box>
          {search.results.length === 0 ? (
            <Box sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }} data-testid="search-empty">
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
                {translateMessage(SEARCH_MESSAGES.emptyTitle)}
              </Typography>
              <Typography variant="body2">{translateMessage(SEARCH_MESSAGES.emptyHint)}</Typography>
            </Box>
          ) : (
            <Grid container spacing={2}>
              {search.results.map((result) => (
                <Grid key={`${result.service_type}:${result.caseid}`} size={{ xs: 12, sm: 6, md: 4 }}>
                  <ResultCard
                    result={result}
                    publicMode={publicMode}
                    connecting={contact.isConnecting(result)}
                    onContact={() => void contact.contact(result)}
                  />
                </Grid>
              ))}
            </Grid>
          )}
        </Box>
      )}

      <ContactDisclaimerDialog target={contact.disclaimerTarget} onClose={contact.closeDisclaimer} />
      <EmbeddedChatDialog {...contact.chatDialogProps} />
      <Snackbar
        open={Boolean(contact.contactError)}
        autoHideDuration={6000}
        onClose={contact.clearContactError}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="error" onClose={contact.clearContactError} variant="filled" role="alert">
          {contact.contactError}
        </Alert>
      </Snackbar>
    </Paper>
  );
}
