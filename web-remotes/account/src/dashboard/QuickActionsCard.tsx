import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import FlightOutlinedIcon from '@mui/icons-material/FlightOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import { Avatar, Box, Card, Chip, Paper, Stack, Typography } from '@mui/material';
import CardActionArea from '@mui/material/CardActionArea';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAccountTranslation } from '../i18n';

interface QuickAction {
  to: string;
  icon: ReactNode;
  title: 'companionTitle' | 'travelPlansTitle';
  subtitle: 'companionSubtitle' | 'travelPlansSubtitle';
  chips?: readonly ('gateToGate' | 'language')[];
  testId: string;
  tour?: string;
}

const QUICK_ACTIONS: readonly QuickAction[] = [
  {
    to: '/companion-service',
    icon: <PeopleAltOutlinedIcon />,
    title: 'companionTitle',
    subtitle: 'companionSubtitle',
    chips: ['gateToGate', 'language'],
    testId: 'quick-action-companion',
    tour: 'companion-card',
  },
  {
    to: '/travel-list',
    icon: <FlightOutlinedIcon />,
    title: 'travelPlansTitle',
    subtitle: 'travelPlansSubtitle',
    testId: 'quick-action-travel-plans',
  },
];

function QuickActionCard({ action }: { action: QuickAction }) {
  const { t } = useAccountTranslation();
  return (
    <Card variant="outlined" data-tour={action.tour} sx={{ borderRadius: 3 }}>
      <CardActionArea
        component={RouterLink}
        to={action.to}
        data-testid={action.testId}
        sx={{ p: 2, height: '100%' }}
      >
        {/* The text takes a row of its own below the icon when the card is too narrow for both (large
            text on a phone), so no long word (Tamil, Malayalam) is broken; the arrow is decorative. */}
        <Stack direction="row" sx={{ alignItems: 'flex-start', flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}>
          <Avatar sx={{ bgcolor: 'primary.main', width: 48, height: 48 }}>{action.icon}</Avatar>
          <Box sx={{ flex: '1 1 10rem', minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {t(action.title)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(action.subtitle)}
            </Typography>
            {action.chips && (
              <Stack direction="row" sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }}>
                {action.chips.map((chip) => (
                  <Chip key={chip} size="small" label={t(`quickActionChips.${chip}`)} />
                ))}
              </Stack>
            )}
          </Box>
          <ArrowForwardIcon color="action" aria-hidden sx={{ display: { xs: 'none', sm: 'block' } }} />
        </Stack>
      </CardActionArea>
    </Card>
  );
}

/** The Quick Actions card: the companion service (the one service with a screen) and the travel plans. */
export function QuickActionsCard() {
  const { t } = useAccountTranslation();
  return (
    <Paper
      component="section"
      aria-labelledby="quick-actions-heading"
      data-tour="service-cards"
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Typography id="quick-actions-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {t('quickActions')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {QUICK_ACTIONS.map((action) => (
          <QuickActionCard key={action.to} action={action} />
        ))}
      </Box>
    </Paper>
  );
}
