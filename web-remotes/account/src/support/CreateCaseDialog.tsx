import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  Link,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { HELP_SUPPORT_PAGE, SUPPORT_MESSAGES } from '@safarsaathi/contracts';
import { DialogTitleWithTools, translateMessage } from '@safarsaathi/web-kit';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAccountTranslation } from '../i18n';
import { useCaseForm } from './useCaseForm';

interface CreateCaseDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The support form (spec §2 Create a Case): issue type, e-mail, details; then the case id. */
export function CreateCaseDialog({ open, onClose }: CreateCaseDialogProps) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { t } = useAccountTranslation();
  const [caseId, setCaseId] = useState<string | null>(null);
  const form = useCaseForm({ enabled: open, onSubmitted: setCaseId });

  const clear = () => {
    form.clear();
    setCaseId(null);
  };

  const close = () => {
    if (form.submitting) return;
    onClose();
  };

  // Where the user's cases and support's replies are (issue 38).
  const myCasesLink = (
    <Link component={RouterLink} to={HELP_SUPPORT_PAGE} onClick={close} data-testid="my-cases-link">
      {t('help.myCasesLink')}
    </Link>
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="create-case-title"
      data-testid="create-case-dialog"
      slotProps={{ transition: { onExited: clear } }}
    >
      {caseId ? (
        <>
          <DialogTitleWithTools id="create-case-title">{t('caseSubmittedTitle')}</DialogTitleWithTools>
          <DialogContent>
            <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
              <CheckCircleOutlineIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
              <Typography>
                {t('forms.caseId')}{' '}
                <Typography component="strong" sx={{ fontWeight: 700 }} data-testid="support-case-id">
                  {caseId}
                </Typography>
              </Typography>
              <Typography color="text.secondary" data-testid="support-case-confirmation">
                {translateMessage(SUPPORT_MESSAGES.submitted)}
              </Typography>
              {myCasesLink}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 3 }}>
            <Button variant="contained" onClick={close} fullWidth>
              {t('forms.done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit();
          }}
        >
          <DialogTitleWithTools id="create-case-title">{t('createCaseTitle')}</DialogTitleWithTools>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {t('forms.caseIntro')} {myCasesLink}
              </Typography>
              {form.fields}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 3, gap: 1 }}>
            <Button onClick={close} disabled={form.submitting}>
              {t('forms.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={form.submitting}>
              {t('forms.submitCase')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
