import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  CHAT_MESSAGES,
  REPORT_LIMITS,
  REPORT_REASONS,
  SUPPORT_MESSAGES,
  reportConversationRequestSchema,
  type ReportReason,
} from '@safarsaathi/contracts';
import { errorMessage, fillPlaceholders, translateMessage } from '@safarsaathi/web-kit';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { chatApi } from '../api';
import { useMessagesTexts } from '../i18n';

/** How many of the newest messages a reporter may choose to attach. */
const ATTACH_COUNTS = [5, 10, REPORT_LIMITS.includeMessagesMax] as const;

/** The message a safety tip's Report is about. */
export interface FlaggedMessage {
  seq: number;
  text: string;
}

interface ReportDialogProps {
  open: boolean;
  conversationId: string;
  otherName: string;
  /**
   * From a safety tip: the reason is `scam`, the details are written for the reader, and this message goes
   * with the report while its box stays ticked (the reader sees it and sends it, or not).
   */
  flagged?: FlaggedMessage;
  onClose: () => void;
}

/**
 * Report a conversation (addendum §2.2): a reason, what happened and, only if the reporter chooses, the
 * newest messages (5, 10 or 20), sent to support as a case. The consent text says that nobody reads a
 * conversation unless a participant sends part of it this way.
 */
export function ReportDialog({ open, conversationId, otherName, flagged, onClose }: ReportDialogProps) {
  const R = useMessagesTexts().report;
  const T = useMessagesTexts().safety;
  const [reason, setReason] = useState<ReportReason>('harassment');
  const [attach, setAttach] = useState(false);
  const [attachCount, setAttachCount] = useState<number>(ATTACH_COUNTS[0]);
  const [details, setDetails] = useState('');
  const [detailsError, setDetailsError] = useState<string | null>(null);
  const [includeFlagged, setIncludeFlagged] = useState(true);
  const detailsInput = useRef<HTMLTextAreaElement>(null);
  // Opened from a safety tip: prefilled for a one-tap send (the state resets when the dialog has closed).
  const [prefilledFor, setPrefilledFor] = useState<number | null>(null);
  if (open && flagged && prefilledFor !== flagged.seq) {
    setPrefilledFor(flagged.seq);
    setReason('scam');
    setDetails(T.reportDetails);
    setIncludeFlagged(true);
  }

  const report = useMutation({
    mutationFn: chatApi.report,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reportConversationRequestSchema.safeParse({
      reason,
      details,
      include_messages: attach ? attachCount : 0,
      ...(flagged && includeFlagged ? { include_seqs: [flagged.seq] } : {}),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === 'details') ?? parsed.error.issues[0];
      setDetailsError(translateMessage(issue?.message ?? SUPPORT_MESSAGES.submitFailed));
      // Back to the field that needs the fix, whose error is announced (role="alert" below).
      detailsInput.current?.focus();
      return;
    }
    setDetailsError(null);
    report.mutate({ id: conversationId, ...parsed.data });
  };

  const close = () => {
    if (!report.isPending) onClose();
  };

  const reset = () => {
    setReason('harassment');
    setAttach(false);
    setAttachCount(ATTACH_COUNTS[0]);
    setDetails('');
    setDetailsError(null);
    setIncludeFlagged(true);
    setPrefilledFor(null);
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
                select
                label={R.reason}
                value={reason}
                onChange={(event) => setReason(event.target.value as ReportReason)}
                disabled={report.isPending}
                data-testid="report-reason"
              >
                {REPORT_REASONS.map((value) => (
                  <MenuItem key={value} value={value}>
                    {R.reasons[value]}
                  </MenuItem>
                ))}
              </TextField>
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
                autoFocus={!flagged}
                inputRef={detailsInput}
                slotProps={{ formHelperText: { role: detailsError ? 'alert' : undefined } }}
                disabled={report.isPending}
              />
              {flagged && (
                <Stack spacing={0.5} data-testid="report-flagged">
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={includeFlagged}
                        onChange={(event) => setIncludeFlagged(event.target.checked)}
                        disabled={report.isPending}
                      />
                    }
                    label={T.includeThis}
                  />
                  <Typography
                    variant="body2"
                    sx={{ pl: 4, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontStyle: 'italic' }}
                  >
                    {flagged.text}
                  </Typography>
                </Stack>
              )}
              <FormControlLabel
                control={
                  <Checkbox
                    checked={attach}
                    onChange={(event) => setAttach(event.target.checked)}
                    disabled={report.isPending}
                  />
                }
                label={R.attach}
              />
              {attach && (
                <TextField
                  select
                  label={R.attachCount}
                  value={attachCount}
                  onChange={(event) => setAttachCount(Number(event.target.value))}
                  disabled={report.isPending}
                  size="small"
                >
                  {ATTACH_COUNTS.map((count) => (
                    <MenuItem key={count} value={count}>
                      {count}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              <Typography variant="body2" color="text.secondary" data-testid="report-consent">
                {R.consent}
              </Typography>
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
