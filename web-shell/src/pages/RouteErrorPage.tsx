import { Button, Container, Typography } from '@mui/material';
import { useTranslation } from '@safarsaathi/web-kit';
import { useRouteError } from 'react-router';

/** Last resort for an error in the shell itself (remotes have their own fallback). */
export function RouteErrorPage() {
  const { t } = useTranslation('common');
  console.error('Unexpected error in the shell', useRouteError());
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('pages.errorTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('pages.errorText')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('pages.reload')}
      </Button>
    </Container>
  );
}
