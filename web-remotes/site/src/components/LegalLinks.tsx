import { Link, Typography } from '@mui/material';
import { NEW_TAB, PRIVACY_URL, TERMS_URL, useTranslation } from '@safarsaathi/web-kit';

/** "By continuing…" line with the terms and privacy pages, opened in a new tab. */
export function LegalLinks() {
  const { t } = useTranslation('common');
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'center' }}>
      {t('legal.agree')}{' '}
      <Link href={TERMS_URL} {...NEW_TAB}>
        {t('footer.terms')}
      </Link>{' '}
      {t('legal.and')}{' '}
      <Link href={PRIVACY_URL} {...NEW_TAB}>
        {t('footer.privacy')}
      </Link>
      {t('legal.end')}
    </Typography>
  );
}
