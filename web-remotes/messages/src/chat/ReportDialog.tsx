import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { CHAT_MESSAGES, SUPPORT_MESSAGES, createCaseRequestSchema } from '@safarsaathi/contracts';
import { errorMessage, fillPlaceholders, translateMessage, useSession } from '@safarsaathi/web-kit';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { chatApi } from '../api';
import { useMessagesTexts } from '../i18n';

/** Reports are support cases of this type (one of the support service's issue types). */
export const REPORT_ISSUE_TYPE = 'Service Complaints';

interface ReportDialogProps {
  open: boolean;
  conversationId: string;
  otherName: string;
  onClose: () => void;
}

/**
 * Report a conversation: a support case ('Service Complaints', the reporter's own e-mail, what
 * happened, the conversation id) through the support service's create-case call.
 */
export function ReportDialog({ open, conversationId, otherName, onClose }: ReportDialogProps) {
  const R = useMessagesTexts().report;
  const { user } = useSession();
  const [details, setDetails] = useState('');
  const [detailsError, setDetailsError] = useState<string | null>(null);
  const detailsInput = useRef<HTMLTextAreaElement>(null);

  const report = useMutation({
    mutationFn: chatApi.report,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createCaseRequestSchema.safeParse({
      issueType: REPORT_ISSUE_TYPE,
      emailAddress: user?.email_address ?? '',
      details,
      conversation_id: conversationId,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === 'details') ?? parsed.error.issues[0];
      setDetailsError(
        issue?.message === SUPPORT_MESSAGES.detailsTooShort
          ? translateMessage(CHAT_MESSAGES.reportDetailsRequired)
          : (issue?.message ?? SUPPORT_MESSAGES.submitFailed),
      );
      // Back to the field that needs the fix, whose error is announced (role="alert" below).
      detailsInput.current?.focus();
      return;
    }
    setDetailsError(null);
    report.mutate(parsed.data);
  };

  const close = () => {
    if (!report.isPending) onClose();
  };

  const reset = () => {
    setDetails('');
    setDetailsError(null);
    report.reset();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="report-conversation-title"
      slotProps={{ transition: { onExited: reset } }}
    >
      {report.isSuccess ? (
        <>
          <DialogTitle id="report-conversation-title">{R.sentTitle}</DialogTitle>
          <DialogContent>
            <Stack spacing={1.5}>
              <Alert severity="success" data-testid="report-sent">
                {translateMessage(CHAT_MESSAGES.reportSent)}
              </Alert>
              <Typography variant="body2">
                {R.caseId} <strong data-testid="report-case-id">{report.data.case_id}</strong>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translateMessage(SUPPORT_MESSAGES.submitted)}
              </Typography>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              {R.done}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogTitle id="report-conversation-title">{R.title}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">
                {fillPlaceholders(R.intro, { name: otherName })}
              </Typography>
              {report.isError && (
                <Alert severity="error" data-testid="report-error">
                  {errorMessage(report.error, SUPPORT_MESSAGES.submitFailed)}
                </Alert>
              )}
              <TextField
                label={R.label}
                value={details}
                onChange={(event) => {
                  setDetails(event.target.value);
                  setDetailsError(null);
                }}
                error={Boolean(detailsError)}
                helperText={detailsError ?? fillPlaceholders(R.minimum, { length: details.trim().length })}
                multiline
                minRows={4}
                required
                autoFocus
                inputRef={detailsInput}
                slotProps={{ formHelperText: { role: detailsError ? 'alert' : undefined } }}
                disabled={report.isPending}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={report.isPending}>
              {R.cancel}
            </Button>
            <Button type="submit" variant="contained" color="error" loading={report.isPending}>
              {R.send}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
