import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { Box, Stack, Typography } from '@mui/material';

/**
 * SLOT: the signed-in search section (spec §2 Search page) goes here. It belongs to the `search`
 * remote; until that exists the slot shows a placeholder. Keep `data-testid="dashboard-search-slot"`
 * and `data-tour="search-section"` on whatever fills it: tests and the guided tour find it by them.
 */
export function SearchSectionSlot() {
  return (
    <Box
      component="section"
      aria-label="Search travellers"
      data-testid="dashboard-search-slot"
      data-tour="search-section"
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 3,
        p: { xs: 3, md: 4 },
        bgcolor: 'background.paper',
      }}
    >
      <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', color: 'text.secondary' }}>
        <TravelExploreIcon sx={{ fontSize: 40 }} aria-hidden />
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Traveller search
        </Typography>
        <Typography variant="body2">
          Searching requests and offers by airport and date will appear here.
        </Typography>
      </Stack>
    </Box>
  );
}
