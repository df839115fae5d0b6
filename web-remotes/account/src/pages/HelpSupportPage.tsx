import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { Alert, Button, Container, Paper, Stack, Typography } from '@mui/material';
import { SUPPORT_MESSAGES } from '@safarsaathi/contracts';
import { translateMessage } from '@safarsaathi/web-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAccountTranslation } from '../i18n';
import { CASE_PARAM } from '../support/helpPage';
import { MY_CASES_KEY, MyCases } from '../support/MyCases';
import { useCaseForm } from '../support/useCaseForm';

/**
 * /help-support (issue 38): the support form, where choosing the travel day's two issue types shows what to
 * do now before the rest of it, and "My cases" with support's replies. `?case=<id>` (a reply's notice) opens
 * that case.
 */
export default function HelpSupportPage() {
  const { t } = useAccountTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [sent, setSent] = useState<string | null>(null);
  const form = useCaseForm({
    enabled: true,
    onSubmitted: (caseId) => {
      setSent(caseId);
      form.clear();
      void queryClient.invalidateQueries({ queryKey: MY_CASES_KEY });
    },
  });

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 }, pb: 12 }} data-testid="help-support-page">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {t('helpButton')}
      </Typography>
      <Paper
        component="section"
        aria-labelledby="new-case-title"
        sx={{ p: { xs: 2.5, md: 4 } }}
        data-testid="new-case"
      >
        <Typography id="new-case-title" variant="h5" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {t('createCaseTitle')}
        </Typography>
        {sent ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert
              severity="success"
              icon={<CheckCircleOutlineIcon />}
              data-testid="support-case-confirmation"
              sx={{ width: '100%' }}
            >
              {t('forms.caseId')} <strong data-testid="support-case-id">{sent}</strong>.{' '}
              {translateMessage(SUPPORT_MESSAGES.submitted)}
            </Alert>
            <Button variant="outlined" onClick={() => setSent(null)}>
              {t('help.another')}
            </Button>
          </Stack>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void form.submit();
            }}
          >
            <Stack spacing={2.5}>
              <Typography variant="body2" color="text.secondary">
                {t('forms.caseIntro')}
              </Typography>
              {form.fields}
              <Button
                type="submit"
                variant="contained"
                loading={form.submitting}
                sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
              >
                {t('forms.submitCase')}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
      <Stack component="section" aria-labelledby="my-cases-title" spacing={2} sx={{ mt: 4 }}>
        <Typography id="my-cases-title" variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          {t('help.myCases.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('help.myCases.intro')}
        </Typography>
        <MyCases openedCase={params.get(CASE_PARAM)} />
      </Stack>
    </Container>
  );
}
