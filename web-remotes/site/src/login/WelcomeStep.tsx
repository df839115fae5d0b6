import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { CircularProgress, Stack, Typography } from '@mui/material';
import { useSiteTranslation } from '../i18n';
import { useSiteMessage } from './useSiteMessage';

/** Step 2: the success message while the app gets ready to move on. */
export function WelcomeStep({ message }: { message: string }) {
  const { t } = useSiteTranslation();
  const translate = useSiteMessage();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 2, textAlign: 'center' }} data-testid="login-welcome">
      <CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h6" component="p" role="status">
        {translate(message)}
      </Typography>
      <CircularProgress size={24} aria-label={t('forms.signingIn')} />
    </Stack>
  );
}
