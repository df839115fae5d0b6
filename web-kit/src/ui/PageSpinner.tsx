import { Box, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A centred spinner for a page or section that is still loading. */
export function PageSpinner({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '40vh' }}>
      <CircularProgress aria-label={label ?? t('remote.loading')} />
    </Box>
  );
}
