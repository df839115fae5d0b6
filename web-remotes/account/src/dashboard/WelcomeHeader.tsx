import { Box, Container, Stack, Typography } from '@mui/material';
import { LanguageSwitch, useSession } from '@safarsaathi/web-kit';
import { useAccountTranslation } from '../i18n';
import NotificationBell from '../notifications/NotificationBell';
import { AccountMenu } from './AccountMenu';

/** 'Welcome, {fullname}' with the notification bell and the account menu. */
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
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0, pt: 0.5 }}>
            <Typography
              variant="h4"
              component="h1"
              data-testid="dashboard-welcome"
              sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', md: '2.1rem' }, wordBreak: 'break-word' }}
            >
              {t('welcome.title', { name: user?.fullname ?? '' })}
            </Typography>
            <Typography sx={{ mt: 0.5, opacity: 0.85 }}>{t('welcome.subtitle')}</Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
            <LanguageSwitch />
            <NotificationBell />
            <AccountMenu onOpenProfile={onOpenProfile} />
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
