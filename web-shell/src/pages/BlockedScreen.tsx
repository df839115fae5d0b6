import BlockIcon from '@mui/icons-material/Block';
import { Box, Button, Container, Paper, Stack, Typography } from '@mui/material';
import { SUPPORT_EMAIL } from '@safarsaathi/contracts';
import {
  BrandLogo,
  SUPPORT_MAILTO,
  translateMessage,
  useTranslation,
  type BlockedAccess,
} from '@safarsaathi/web-kit';

/**
 * Shown instead of the whole app once any call says the user is blocked (403 with `details.blocked`):
 * the server's message exactly as sent, and a way to write to support. Nothing else is reachable.
 */
export function BlockedScreen({ blocked }: { blocked: BlockedAccess }) {
  const { t, i18n } = useTranslation('common');
  return (
    <Box
      component="main"
      data-testid="blocked-screen"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', bgcolor: 'background.default', py: 4 }}
    >
      <Container maxWidth="sm">
        <Paper sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Stack spacing={2.5} sx={{ alignItems: 'center' }}>
            <BrandLogo />
            <BlockIcon color="error" sx={{ fontSize: 56 }} aria-hidden />
            <Typography variant="h5" component="h1">
              {t('pages.blockedTitle')}
            </Typography>
            <Typography role="alert" data-testid="blocked-message" sx={{ wordBreak: 'break-word' }}>
              {blocked.reason && i18n.language !== 'en'
                ? t('pages.blockedMessage', { reason: blocked.reason, email: SUPPORT_EMAIL })
                : translateMessage(blocked.message)}
            </Typography>
            <Button variant="contained" href={SUPPORT_MAILTO} data-testid="blocked-support-link">
              {t('pages.emailSupport')}
            </Button>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
