import { Alert, Container, Typography } from '@mui/material';
import { PRODUCT_NAME } from '@safarsaathi/contracts';
import { useLanguage } from '@safarsaathi/web-kit';
import { useEffect } from 'react';
import { LEGAL_UPDATED, TermsDocument } from '../legal/LegalDocuments';
import { useSiteTranslation } from '../i18n';

/**
 * `/terms-conditions.html` (its address from before, kept for links already sent): the terms under the public
 * header, so the language switch and large text are there too (issue 38). The document is English (`lang="en"`,
 * so a screen reader or the read-aloud voice reads it as English); a reader of another language is told so in
 * their language. The privacy policy is the privacy notice, in every language (PrivacyNoticePage, issue 40).
 */
export default function LegalPage() {
  const title = 'Terms & Conditions';
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
        <TermsDocument />
      </div>
    </Container>
  );
}
