import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createCaseRequestSchema,
  FALLBACK_ISSUE_TYPES,
  LIMITS,
  SUPPORT_MESSAGES,
  type CreateCaseRequest,
  type CreateCaseRequestOutput,
} from '@safarsaathi/contracts';
import { errorMessage, translateMessage, useFormat, useSession } from '@safarsaathi/web-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { accountApi } from '../api';
import { useAccountTranslation } from '../i18n';

/** The form's values: no issue type chosen yet is ''. */
type CaseForm = Omit<CreateCaseRequest, 'issueType'> & { issueType: string };
type CaseRequest = CreateCaseRequestOutput;

/** Issue types from the server; the fixed fallback list when the call fails or answers nothing. */
function useIssueTypes(enabled: boolean): readonly string[] {
  const { data } = useQuery({
    queryKey: ['support', 'issue-types'],
    queryFn: async ({ signal }) => {
      try {
        const { issue_types } = await accountApi.issueTypes(signal);
        return issue_types.length > 0 ? issue_types : [...FALLBACK_ISSUE_TYPES];
      } catch {
        return [...FALLBACK_ISSUE_TYPES];
      }
    },
    enabled,
    staleTime: 60 * 60_000,
    retry: false,
  });
  return data ?? FALLBACK_ISSUE_TYPES;
}

interface CreateCaseDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The support form (spec §2 Create a Case): issue type, e-mail, details; then the case id. */
export function CreateCaseDialog({ open, onClose }: CreateCaseDialogProps) {
  const { user } = useSession();
  const issueTypes = useIssueTypes(open);
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { t, i18n } = useAccountTranslation();
  const format = useFormat();
  const fieldMessage = (message: string | undefined) => message && translateMessage(message);
  /** A server's issue type as the reader sees it; one the catalogue does not know stays as sent. */
  const issueTypeName = (type: string) =>
    i18n.exists(`forms.issueTypes.${type}`, { ns: 'account' }) ? t(`forms.issueTypes.${type}`) : type;
  const { control, register, handleSubmit, reset, formState } = useForm<CaseForm, unknown, CaseRequest>({
    resolver: zodResolver(createCaseRequestSchema) as unknown as Resolver<CaseForm, unknown, CaseRequest>,
    defaultValues: { issueType: '', emailAddress: user?.email_address ?? '', details: '' },
  });
  const details = useWatch({ control, name: 'details' });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [caseId, setCaseId] = useState<string | null>(null);
  const submitting = formState.isSubmitting;
  const errors = formState.errors;

  const clear = () => {
    reset({ issueType: '', emailAddress: user?.email_address ?? '', details: '' });
    setSubmitError(null);
    setCaseId(null);
  };

  const close = () => {
    if (submitting) return;
    onClose();
  };

  const submit = handleSubmit(async (request) => {
    setSubmitError(null);
    try {
      const answer = await accountApi.createCase(request);
      setCaseId(answer.case_id);
    } catch (error) {
      setSubmitError(errorMessage(error, SUPPORT_MESSAGES.submitFailed));
    }
  });

  const detailsLength = (details ?? '').trim().length;

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
          <DialogTitle id="create-case-title">{t('caseSubmittedTitle')}</DialogTitle>
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
            void submit();
          }}
        >
          <DialogTitle id="create-case-title">{t('createCaseTitle')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {t('forms.caseIntro')}
              </Typography>
              {submitError && (
                <Alert severity="error" data-testid="create-case-error">
                  {submitError}
                </Alert>
              )}
              <Controller
                control={control}
                name="issueType"
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    select
                    label={t('forms.issueType')}
                    error={Boolean(fieldState.error)}
                    helperText={fieldMessage(fieldState.error?.message)}
                    disabled={submitting}
                    required
                  >
                    {issueTypes.map((type) => (
                      <MenuItem key={type} value={type}>
                        {issueTypeName(type)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <TextField
                {...register('emailAddress')}
                label={t('forms.emailAddress')}
                type="email"
                error={Boolean(errors.emailAddress)}
                helperText={fieldMessage(errors.emailAddress?.message)}
                disabled={submitting}
                autoComplete="email"
                required
              />
              <TextField
                {...register('details')}
                label={t('forms.details')}
                error={Boolean(errors.details)}
                helperText={
                  fieldMessage(errors.details?.message) ??
                  t('forms.detailsHint', {
                    min: format.number(LIMITS.supportDetailsMin),
                    count: format.number(detailsLength),
                  })
                }
                disabled={submitting}
                multiline
                minRows={4}
                required
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 3, gap: 1 }}>
            <Button onClick={close} disabled={submitting}>
              {t('forms.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={submitting}>
              {t('forms.submitCase')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
