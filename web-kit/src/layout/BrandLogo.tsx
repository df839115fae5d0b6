import FlightTakeoffIcon from '@mui/icons-material/FlightTakeoff';
import { Box, Typography } from '@mui/material';
import { PRODUCT_NAME } from '@safarsaathi/contracts';

/** The product mark: an aeroplane and the product name. */
export function BrandLogo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <FlightTakeoffIcon aria-hidden color={inverted ? 'inherit' : 'secondary'} />
      <Typography component="span" variant="h6" sx={{ fontWeight: 800, letterSpacing: 0.3 }}>
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
