import { Box } from '@mui/material';

/**
 * Where the public traveller search goes. It belongs to the `search` remote, which the shell will
 * mount here; until that remote exists the slot stays empty.
 */
export function SearchWidgetSlot() {
  return (
    <Box component="section" id="search" aria-label="Search travellers" data-testid="public-search-slot" />
  );
}
