import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import { Box, Container, IconButton, Link, Stack, Typography } from '@mui/material';
import { PRODUCT_NAME } from '@safarsaathi/contracts';
import { NEW_TAB, PRIVACY_URL, SOCIAL_LINKS, SUPPORT_MAILTO, TERMS_URL } from '../ui/links';
import { BrandLogo } from './BrandLogo';
import { useTranslation } from 'react-i18next';

/** Footer of the public pages: safety notice, legal and support links, social links. */
export function PublicFooter() {
  const { t } = useTranslation('common');
  return (
    <Box
      component="footer"
      sx={{ bgcolor: '#102a4c', color: 'grey.100', py: 5, mt: 'auto' }}
      data-testid="public-footer"
    >
      <Container maxWidth="lg">
        <Stack spacing={2.5}>
          <BrandLogo inverted />
          <Typography variant="body2" sx={{ maxWidth: 640 }}>
            {t('footer.notice')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
            <Link href={TERMS_URL} {...NEW_TAB} color="inherit">
              {t('footer.terms')}
            </Link>
            <Link href={PRIVACY_URL} {...NEW_TAB} color="inherit">
              {t('footer.privacy')}
            </Link>
            <Link href={SUPPORT_MAILTO} color="inherit">
              {t('footer.help')}
            </Link>
          </Stack>
          <Stack direction="row" spacing={1}>
            <IconButton
              href={SOCIAL_LINKS.facebook}
              {...NEW_TAB}
              color="inherit"
              aria-label={t('footer.facebook')}
            >
              <FacebookIcon />
            </IconButton>
            <IconButton
              href={SOCIAL_LINKS.instagram}
              {...NEW_TAB}
              color="inherit"
              aria-label={t('footer.instagram')}
            >
              <InstagramIcon />
            </IconButton>
          </Stack>
          <Typography variant="body2" sx={{ color: 'grey.400' }}>
            {t('footer.tagline')}
          </Typography>
          {/* grey.400 on the navy is 7.7:1: the AAA bar of high contrast, in both modes. */}
          <Typography variant="caption" sx={{ color: 'grey.400' }}>
            © {new Date().getFullYear()} {PRODUCT_NAME}
          </Typography>
        </Stack>
      </Container>
    </Box>
  );
}
