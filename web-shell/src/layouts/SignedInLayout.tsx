import FlightTakeoffIcon from '@mui/icons-material/FlightTakeoff';
import {
  Badge,
  GlobalStyles,
  BottomNavigation,
  BottomNavigationAction,
  Box,
  ButtonBase,
  Link,
  Paper,
  Tooltip,
  Typography,
} from '@mui/material';
import { LIMITS, PRODUCT_NAME } from '@safarsaathi/contracts';
import {
  BrandLogo,
  PageTools,
  SIGNED_IN_FRAME,
  bottomNavHeight,
  useChatUnreadCount,
  useReadingPreferences,
  useTranslation,
} from '@safarsaathi/web-kit';
import type { ReactNode } from 'react';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { activeNavEntry, NAV_ENTRIES, type NavEntry } from '../navigation/signedInNav';

function NavIcon({ entry, unread }: { entry: NavEntry; unread: number }) {
  const Icon = entry.icon;
  if (!entry.badge) return <Icon />;
  return (
    <Badge
      badgeContent={unread}
      max={LIMITS.badgeCap}
      color="error"
      data-testid="messages-unread-badge"
      data-count={unread}
    >
      <Icon />
    </Badge>
  );
}

function SideNav({ activePath, unread }: { activePath?: string; unread: number }) {
  const { t } = useTranslation('common');
  return (
    <Box
      component="nav"
      aria-label={t('nav.main')}
      data-testid="side-nav"
      data-tour="sidebar"
      sx={{
        display: { xs: 'none', md: 'flex' },
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        position: 'fixed',
        insetBlock: 0,
        left: 0,
        width: SIGNED_IN_FRAME.sidebarWidth,
        py: 2,
        bgcolor: 'background.paper',
        borderRight: 1,
        borderColor: 'divider',
        zIndex: (theme) => theme.zIndex.appBar,
      }}
    >
      <Tooltip title={PRODUCT_NAME} placement="right">
        <Box
          component={RouterLink}
          to="/dashboard"
          aria-label={t('nav.productHome')}
          sx={{ color: 'secondary.main', display: 'flex', mb: 2, p: 1 }}
        >
          <FlightTakeoffIcon fontSize="large" />
        </Box>
      </Tooltip>
      {NAV_ENTRIES.map((entry) => {
        const active = entry.to === activePath;
        return (
          <ButtonBase
            key={entry.to}
            component={RouterLink}
            to={entry.to}
            aria-current={active ? 'page' : undefined}
            sx={{
              width: 64,
              py: 1,
              borderRadius: 2,
              flexDirection: 'column',
              gap: 0.5,
              color: active ? 'primary.main' : 'text.secondary',
              bgcolor: active ? 'action.selected' : 'transparent',
              '&:hover': { bgcolor: 'action.hover' },
            }}
          >
            <NavIcon entry={entry} unread={unread} />
            <Typography variant="caption" sx={{ fontWeight: active ? 700 : 500, lineHeight: 1.2 }}>
              {t(entry.labelKey)}
            </Typography>
          </ButtonBase>
        );
      })}
    </Box>
  );
}

function BottomNav({ activePath, unread }: { activePath?: string; unread: number }) {
  const { t } = useTranslation('common');
  const largeText = useReadingPreferences().large_text;
  return (
    <Paper
      component="nav"
      aria-label={t('nav.main')}
      data-testid="bottom-nav"
      data-tour="sidebar"
      elevation={8}
      sx={{
        display: { xs: 'block', md: 'none' },
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom)',
        borderRadius: 0,
      }}
    >
      <BottomNavigation
        showLabels
        value={activePath ?? false}
        // Large text: the bar grows to hold labels on two lines (the theme wraps them).
        sx={{ height: bottomNavHeight(largeText) }}
      >
        {NAV_ENTRIES.map((entry) => (
          <BottomNavigationAction
            key={entry.to}
            label={t(entry.labelKey)}
            value={entry.to}
            icon={<NavIcon entry={entry} unread={unread} />}
            component={RouterLink}
            to={entry.to}
            aria-current={entry.to === activePath ? 'page' : undefined}
            // Four entries on a 390 px phone: less side padding keeps 'Travel Plans' on one line.
            sx={{
              minWidth: 0,
              px: 0.5,
              '& .MuiBottomNavigationAction-label': { whiteSpace: largeText ? 'normal' : 'nowrap' },
            }}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}

/**
 * The top of every private page (issue 38): the language switch and the easy-reading control (large text,
 * high contrast) in the first screen of every signed-in page, as the public header has them for visitors; on
 * a phone, where there is no side bar, the product's mark too (home). Not fixed: it scrolls away with the page.
 */
function SignedInTopBar() {
  const { t } = useTranslation('common');
  return (
    <Box
      component="header"
      data-testid="signed-in-top-bar"
      sx={{
        ml: { md: `${SIGNED_IN_FRAME.sidebarWidth}px` },
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        minHeight: SIGNED_IN_FRAME.topBarHeight,
        px: { xs: 1, sm: 3 },
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Link
        component={RouterLink}
        to="/dashboard"
        aria-label={t('nav.productHome')}
        underline="none"
        color="primary"
        sx={{ display: { xs: 'inline-flex', md: 'none' }, flexShrink: 0 }}
      >
        <BrandLogo />
      </Link>
      <Box sx={{ ml: 'auto' }}>
        <PageTools />
      </Box>
    </Box>
  );
}

/** The frame of every private page: the top bar, side bar (md and wider, content offset 80 px) or bottom bar (phones). */
export function SignedInFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const activePath = activeNavEntry(pathname)?.to;
  const unread = useChatUnreadCount();
  const barHeight = bottomNavHeight(useReadingPreferences().large_text);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      {/*
        A control that gets the keyboard focus is scrolled clear of what is fixed at the bottom: the
        phone's bottom bar and, on every size, the floating help button (56 px, 16–24 px off the edge)
        (WCAG 2.4.11, focus not obscured).
      */}
      <GlobalStyles
        styles={(theme) => ({
          html: { scrollPaddingBottom: 88 },
          [theme.breakpoints.down('md')]: {
            html: {
              scrollPaddingBottom: `calc(${barHeight + 80}px + env(safe-area-inset-bottom))`,
            },
          },
        })}
      />
      <SideNav activePath={activePath} unread={unread} />
      <SignedInTopBar />
      <Box
        component="main"
        data-testid="signed-in-content"
        sx={{
          ml: { md: `${SIGNED_IN_FRAME.sidebarWidth}px` },
          // Room for the bottom bar, so the end of the page is never hidden behind it.
          pb: { xs: `calc(${barHeight}px + env(safe-area-inset-bottom))`, md: 0 },
        }}
      >
        {children}
      </Box>
      <BottomNav activePath={activePath} unread={unread} />
    </Box>
  );
}

/** Route element for the private pages. */
export function SignedInLayout() {
  return (
    <SignedInFrame>
      <Outlet />
    </SignedInFrame>
  );
}
