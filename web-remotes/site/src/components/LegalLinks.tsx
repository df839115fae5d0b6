import { Link, Typography } from '@mui/material';
import { NEW_TAB, PRIVACY_URL, TERMS_URL } from '@safarsaathi/web-kit';

/** "By continuing…" line with the terms and privacy pages, opened in a new tab. */
export function LegalLinks() {
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'center' }}>
      By continuing, you agree to our{' '}
      <Link href={TERMS_URL} {...NEW_TAB}>
        Terms &amp; Conditions
      </Link>{' '}
      and{' '}
      <Link href={PRIVACY_URL} {...NEW_TAB}>
        Privacy Policy
      </Link>
      .
    </Typography>
  );
}
