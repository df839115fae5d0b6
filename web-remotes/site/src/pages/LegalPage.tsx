import { Alert, Container, Typography } from '@mui/material';
import { PRODUCT_NAME } from '@safarsaathi/contracts';
import { PRIVACY_URL, useLanguage } from '@safarsaathi/web-kit';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { LEGAL_UPDATED, PrivacyDocument, TermsDocument } from '../legal/LegalDocuments';
import { useSiteTranslation } from '../i18n';

/**
 * `/terms-conditions.html` and `/privacy-policy.html` (their addresses from before, kept for links already
 * sent): the terms or the privacy policy under the public header, so the language switch and large text are
 * there too (issue 38). The documents are English (`lang="en"`, so a screen reader or the read-aloud voice
 * reads them as English); a reader of another language is told so in their language.
 */
export default function LegalPage() {
  const { pathname } = useLocation();
  const privacy = pathname.toLowerCase() === PRIVACY_URL;
  const title = privacy ? 'Privacy Policy' : 'Terms & Conditions';
  const { locale } = useLanguage();
  const { t } = useSiteTranslation();

  useEffect(() => {
    const before = document.title;
    document.title = `${title} · ${PRODUCT_NAME}`;
    return () => {
      document.title = before;
    };
  }, [title]);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }} data-testid="legal-page">
      {locale !== 'en' && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="legal-english-only">
          {t('legalPage.englishOnly')}
        </Alert>
      )}
      <div lang="en">
        <Typography
          variant="h3"
          component="h1"
          sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.5rem' }, mb: 1 }}
        >
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Last updated: {LEGAL_UPDATED}
        </Typography>
        {privacy ? <PrivacyDocument /> : <TermsDocument />}
      </div>
    </Container>
  );
}
