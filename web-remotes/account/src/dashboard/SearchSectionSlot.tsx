import { Box } from '@mui/material';
import { EmbeddedRemote, SEARCH_WIDGET_MODULE, type SearchWidgetProps } from '@safarsaathi/web-kit';
import { useAccountTranslation } from '../i18n';

const SIGNED_IN_SEARCH: SearchWidgetProps = { publicMode: false };

/**
 * The dashboard's search section: the `search` remote's widget in signed-in mode (unified search,
 * private fields shown, Contact goes through the chat service). The guided tour and the tests find it
 * by `data-tour` and `data-testid`.
 */
export function SearchSectionSlot() {
  const { t } = useAccountTranslation();
  return (
    <Box
      component="section"
      aria-label={t('searchSection')}
      data-testid="dashboard-search-slot"
      data-tour="search-section"
    >
      <EmbeddedRemote<SearchWidgetProps> module={SEARCH_WIDGET_MODULE} props={SIGNED_IN_SEARCH} />
    </Box>
  );
}
