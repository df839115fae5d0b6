import { Box } from '@mui/material';
import { EmbeddedRemote, SEARCH_WIDGET_MODULE, type SearchWidgetProps } from '@safarsaathi/web-kit';

const SIGNED_IN_SEARCH: SearchWidgetProps = { publicMode: false };

/**
 * The dashboard's search section: the `search` remote's widget in signed-in mode (unified search,
 * private fields shown, Contact goes through the chat service). The guided tour and the tests find it
 * by `data-tour` and `data-testid`.
 */
export function SearchSectionSlot() {
  return (
    <Box
      component="section"
      aria-label="Search travellers"
      data-testid="dashboard-search-slot"
      data-tour="search-section"
    >
      <EmbeddedRemote<SearchWidgetProps> module={SEARCH_WIDGET_MODULE} props={SIGNED_IN_SEARCH} />
    </Box>
  );
}
