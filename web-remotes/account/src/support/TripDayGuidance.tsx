import { Alert, AlertTitle, Box, Button, Link, Stack, Typography } from '@mui/material';
import { EMERGENCY_NUMBERS, INTL_LOCALE, type Locale, type UrgentIssueType } from '@safarsaathi/contracts';
import { useLanguage } from '@safarsaathi/web-kit';
import { Link as RouterLink } from 'react-router';
import { useAccountTranslation } from '../i18n';

const regionNames = new Map<Locale, Intl.DisplayNames>();

/** A region's name in the reader's language (Intl's names: 'भारत', 'યુરોપિયન યુનિયન'). */
function regionName(code: string, locale: Locale): string {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([INTL_LOCALE[locale]], { type: 'region' });
    regionNames.set(locale, names);
  }
  return names.of(code) ?? code;
}

/**
 * What to do now on the travel day (issue 38), shown as soon as "Trip-day problem (urgent)" or "Safety
 * concern" is chosen and before the rest of the form: a case is answered by e-mail, which can come too late
 * for a flight. In the page's language; each number is a link that calls it on a phone.
 */
export function TripDayGuidance({ issueType }: { issueType: UrgentIssueType }) {
  const { t } = useAccountTranslation();
  const { locale } = useLanguage();
  const safety = issueType === 'Safety concern';
  const steps = safety
    ? [t('help.now.danger'), t('help.now.staff'), t('help.now.report'), t('help.now.contact')]
    : [t('help.now.airline'), t('help.now.chat'), t('help.now.contact'), t('help.now.danger')];
  return (
    <Alert
      severity="warning"
      icon={false}
      component="section"
      aria-labelledby="trip-day-guidance-title"
      data-testid="trip-day-guidance"
      data-kind={safety ? 'safety' : 'trip-day'}
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle id="trip-day-guidance-title" component="h3" sx={{ fontWeight: 700, fontSize: '1.15rem' }}>
        {t(safety ? 'help.now.safetyTitle' : 'help.now.tripDayTitle')}
      </AlertTitle>
      <Typography sx={{ mb: 1 }}>{t('help.now.lead')}</Typography>
      <Box component="ol" sx={{ pl: 3, my: 0, '& li': { mb: 0.75 } }}>
        {steps.map((step) => (
          <li key={step}>
            <Typography component="span">{step}</Typography>
          </li>
        ))}
      </Box>
      <Button
        component={RouterLink}
        to="/messages"
        variant="outlined"
        color="inherit"
        size="small"
        sx={{ mt: 0.5, mb: 1.5 }}
        data-testid="trip-day-open-chat"
      >
        {t('help.now.openChat')}
      </Button>
      <Typography component="h4" sx={{ fontWeight: 700 }} id="emergency-numbers-title">
        {t('help.now.numbersTitle')}
      </Typography>
      <Stack
        component="ul"
        aria-labelledby="emergency-numbers-title"
        sx={{ listStyle: 'none', p: 0, my: 0.5, typography: 'body1' }}
        data-testid="emergency-numbers"
      >
        {EMERGENCY_NUMBERS.map(({ regions, numbers }) => (
          <Box component="li" key={regions.join()} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
            <span>{regions.map((code) => regionName(code, locale)).join(', ')}:</span>{' '}
            <span>
              {numbers.map((number, index) => (
                <span key={number}>
                  {index > 0 && ' / '}
                  <Link href={`tel:${number}`} sx={{ fontWeight: 700 }} dir="ltr">
                    {number}
                  </Link>
                </span>
              ))}
            </span>
          </Box>
        ))}
      </Stack>
      <Typography sx={{ mt: 0.5 }}>{t('help.now.elsewhere')}</Typography>
      <Typography sx={{ mt: 1, fontWeight: 600 }}>{t('help.now.then')}</Typography>
    </Alert>
  );
}
