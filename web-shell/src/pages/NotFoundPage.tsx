import { Button, Container, Typography } from '@mui/material';
import { useTranslation } from '@safarsaathi/web-kit';
import { Link as RouterLink } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('pages.notFoundTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('pages.notFoundText')}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('pages.goHome')}
      </Button>
    </Container>
  );
}
