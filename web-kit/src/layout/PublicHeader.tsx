import { AppBar, Box, Button, Link, Toolbar } from '@mui/material';
import type { MouseEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useLoginDialog } from '../login/LoginDialogContext';
import { DEFAULT_SIGNED_IN_ROUTE } from '../navigation/redirect';
import { scrollToTop } from '../navigation/scroll';
import { useSession } from '../session/SessionContext';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from './BrandLogo';
import { PageTools } from './PageTools';

/**
 * Header buttons stay on one line; narrower on a phone, where logo, language, reading, About and Login
 * share 360 px. Where a language's words do not fit beside the logo (Tamil, Bengali on a phone), the
 * buttons move together to a second row instead of being cut off (and wrap among themselves with large text).
 */
const HEADER_BUTTON = { whiteSpace: 'nowrap', minWidth: 0, flexShrink: 0, px: { xs: 1, sm: 2 } } as const;

/** Header of the public pages: logo home, About, and Login (or Dashboard once signed in). */
export function PublicHeader() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const { openLoginDialog } = useLoginDialog();
  const { t } = useTranslation('common');

  const onLogoClick = (event: MouseEvent) => {
    // Already home: a navigation would do nothing, so scroll back to the top instead.
    if (pathname === '/') {
      event.preventDefault();
      scrollToTop('smooth');
    }
  };

  return (
    <AppBar position="sticky" color="inherit" elevation={1} component="header">
      <Toolbar
        // Long words or large text on a narrow phone: the controls go to a second row (at its right, the
        // logo staying at the left) instead of squeezing each other.
        sx={{
          gap: { xs: 0.5, sm: 1 },
          flexWrap: 'wrap',
          maxWidth: 1200,
          width: '100%',
          mx: 'auto',
          px: { xs: 1, sm: 3 },
        }}
      >
        <Link
          component={RouterLink}
          to="/"
          onClick={onLogoClick}
          underline="none"
          color="primary"
          data-testid="header-logo"
          sx={{ flexShrink: 0 }}
        >
          <BrandLogo />
        </Link>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'flex-end',
            alignItems: 'center',
            gap: { xs: 0.5, sm: 1 },
            ml: 'auto',
            minHeight: 48,
          }}
        >
          <PageTools />
          <Button
            component={RouterLink}
            to="/learn-more"
            color="inherit"
            data-testid="header-about"
            sx={HEADER_BUTTON}
          >
            {t('header.about')}
          </Button>
          {user?.is_registered ? (
            <Button
              component={RouterLink}
              to={DEFAULT_SIGNED_IN_ROUTE}
              variant="contained"
              data-testid="header-dashboard"
              sx={HEADER_BUTTON}
            >
              {t('header.dashboard')}
            </Button>
          ) : (
            <Button
              variant="contained"
              onClick={() => openLoginDialog()}
              data-testid="header-login"
              sx={HEADER_BUTTON}
            >
              {t('header.login')}
            </Button>
          )}
        </Box>
      </Toolbar>
    </AppBar>
  );
}
