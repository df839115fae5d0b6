import { Box, Container, Stack, Typography } from '@mui/material';
import { useSession } from '@safarsaathi/web-kit';
import { useAccountTranslation } from '../i18n';
import NotificationBell from '../notifications/NotificationBell';
import { AccountMenu } from './AccountMenu';

/**
 * 'Welcome, {fullname}' with the notification bell and the account menu. The language switch and large text are
 * in the signed-in frame's top bar above it, as on every signed-in page (issue 38).
 */
export function WelcomeHeader({ onOpenProfile }: { onOpenProfile: () => void }) {
  const { user } = useSession();
  const { t } = useAccountTranslation();
  return (
    <Box
      component="header"
      sx={{
        background: 'linear-gradient(135deg, #1f4e8c 0%, #2f6db5 100%)',
        color: 'common.white',
        pt: { xs: 2, md: 3 },
        pb: { xs: 3, md: 4 },
      }}
    >
      <Container maxWidth="lg">
        {/* The controls sit beside the greeting while it has 12rem; with less (large text on a phone) they
            wrap onto a row of their own above it (wrap-reverse), so no word of the greeting is broken. 12rem,
            not 10: with the language switch gone to the top bar (issue 38) the bell and the account menu leave
            the greeting 220 px on a 360 px phone, which large text's 10rem (200 px) still fitted beside. */}
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap-reverse', alignItems: 'flex-end', columnGap: 2, rowGap: 1 }}
        >
          <Box sx={{ flex: '1 1 12rem', minWidth: 0, pt: 0.5 }}>
            <Typography
              variant="h4"
              component="h1"
              data-testid="dashboard-welcome"
              sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', md: '2.1rem' }, overflowWrap: 'break-word' }}
            >
              {t('welcome.title', { name: user?.fullname ?? '' })}
            </Typography>
            <Typography sx={{ mt: 0.5, opacity: 0.85 }}>{t('welcome.subtitle')}</Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0, ml: 'auto' }}>
            <NotificationBell />
            <AccountMenu onOpenProfile={onOpenProfile} />
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
