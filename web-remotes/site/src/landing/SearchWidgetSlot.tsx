import { Container } from '@mui/material';
import {
  EmbeddedRemote,
  SEARCH_WIDGET_MODULE,
  useLoginDialog,
  type SearchWidgetProps,
} from '@safarsaathi/web-kit';
import { useMemo } from 'react';
import { useSiteTranslation } from '../i18n';

/**
 * The public traveller search on the landing page: the `search` remote's widget in public mode, run
 * on load; Contact opens the login dialog and returns to the companion screen after sign-in.
 */
export function SearchWidgetSlot() {
  const { openLoginDialog } = useLoginDialog();
  const { t } = useSiteTranslation();
  const props = useMemo<SearchWidgetProps>(
    () => ({
      publicMode: true,
      autoSearch: true,
      onLoginRequest: (service) => openLoginDialog({ redirectTo: service }),
    }),
    [openLoginDialog],
  );
  return (
    <Container
      component="section"
      id="search"
      aria-label={t('searchSection')}
      data-testid="public-search-slot"
      maxWidth="lg"
      sx={{ py: { xs: 3, md: 5 } }}
    >
      <EmbeddedRemote<SearchWidgetProps> module={SEARCH_WIDGET_MODULE} props={props} />
    </Container>
  );
}
