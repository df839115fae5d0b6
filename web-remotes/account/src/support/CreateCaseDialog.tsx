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
import {
  createCaseRequestSchema,
  FALLBACK_ISSUE_TYPES,
  LIMITS,
  SUPPORT_MESSAGES,
} from '@safarsaathi/contracts';
import { errorMessage, useSession } from '@safarsaathi/web-kit';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { accountApi } from '../api';
import { ACCOUNT_TEXT } from '../messages';

type Field = 'issueType' | 'emailAddress' | 'details';
type FieldErrors = Partial<Record<Field, string>>;

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
  const [issueType, setIssueType] = useState('');
  const [emailAddress, setEmailAddress] = useState(user?.email_address ?? '');
  const [details, setDetails] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [caseId, setCaseId] = useState<string | null>(null);

  const reset = () => {
    setIssueType('');
    setEmailAddress(user?.email_address ?? '');
    setDetails('');
    setFieldErrors({});
    setSubmitError(null);
    setCaseId(null);
  };

  const close = () => {
    if (submitting) return;
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitError(null);
    const parsed = createCaseRequestSchema.safeParse({ issueType, emailAddress, details });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      const answer = await accountApi.createCase(parsed.data);
      setCaseId(answer.case_id);
    } catch (error) {
      setSubmitError(errorMessage(error, SUPPORT_MESSAGES.submitFailed));
    } finally {
      setSubmitting(false);
    }
  };

  const clearError = (field: Field) => setFieldErrors((errors) => ({ ...errors, [field]: undefined }));
  const detailsLength = details.trim().length;

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="create-case-title"
      data-testid="create-case-dialog"
      slotProps={{ transition: { onExited: reset } }}
    >
      {caseId ? (
        <>
          <DialogTitle id="create-case-title">{ACCOUNT_TEXT.caseSubmittedTitle}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
              <CheckCircleOutlineIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
              <Typography>
                Your case ID:{' '}
                <Typography component="strong" sx={{ fontWeight: 700 }} data-testid="support-case-id">
                  {caseId}
                </Typography>
              </Typography>
              <Typography color="text.secondary" data-testid="support-case-confirmation">
                {SUPPORT_MESSAGES.submitted}
              </Typography>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 3 }}>
            <Button variant="contained" onClick={close} fullWidth>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogTitle id="create-case-title">{ACCOUNT_TEXT.createCaseTitle}</DialogTitle>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <Typography variant="body2" color="text.secondary">
                Tell us what went wrong or what you need. We will reply within 24-48 hours.
              </Typography>
              {submitError && (
                <Alert severity="error" data-testid="create-case-error">
                  {submitError}
                </Alert>
              )}
              <TextField
                select
                label="Issue Type"
                value={issueType}
                onChange={(event) => {
                  setIssueType(event.target.value);
                  clearError('issueType');
                }}
                error={Boolean(fieldErrors.issueType)}
                helperText={fieldErrors.issueType}
                disabled={submitting}
                required
              >
                {issueTypes.map((type) => (
                  <MenuItem key={type} value={type}>
                    {type}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Email Address"
                type="email"
                value={emailAddress}
                onChange={(event) => {
                  setEmailAddress(event.target.value);
                  clearError('emailAddress');
                }}
                error={Boolean(fieldErrors.emailAddress)}
                helperText={fieldErrors.emailAddress}
                disabled={submitting}
                autoComplete="email"
                required
              />
              <TextField
                label="Details"
                value={details}
                onChange={(event) => {
                  setDetails(event.target.value);
                  clearError('details');
                }}
                error={Boolean(fieldErrors.details)}
                helperText={
                  fieldErrors.details ??
                  `Minimum ${LIMITS.supportDetailsMin} characters (${detailsLength}/${LIMITS.supportDetailsMin})`
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
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={submitting}>
              Submit Case
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
