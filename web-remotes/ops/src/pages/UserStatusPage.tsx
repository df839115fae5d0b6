import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import {
  Alert,
  Button,
  Container,
  FormControl,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  ADMIN_MESSAGES,
  updateUserStatusRequestSchema,
  type UpdateUserStatusRequest,
} from '@safarsaathi/contracts';
import { api, ApiError, errorMessage, useSession } from '@safarsaathi/web-kit';
import { useState, type FormEvent } from 'react';

type Status = UpdateUserStatusRequest['status'];
type Field = 'phoneNumber' | 'status_reason';
const STATUSES: readonly Status[] = ['Active', 'Block'];

function NotAuthorised() {
  return (
    <Alert severity="error" data-testid="admin-not-authorised">
      {ADMIN_MESSAGES.notAuthorised}
    </Alert>
  );
}

/** /admin/user-status: an administrator sets a user, found by phone number, to Active or Block with a reason. */
export default function UserStatusPage() {
  const { user } = useSession();
  const [phoneNumber, setPhoneNumber] = useState('');
  const [status, setStatus] = useState<Status>('Active');
  const [statusReason, setStatusReason] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [refused, setRefused] = useState(false);

  const clear = () => {
    setPhoneNumber('');
    setStatus('Active');
    setStatusReason('');
    setFieldErrors({});
    setResult(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const parsed = updateUserStatusRequestSchema.safeParse({
      phoneNumber,
      status,
      status_reason: statusReason,
    });
    if (!parsed.success) {
      const errors: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      await api.post<unknown>('/api/auth/update-user-status', parsed.data);
      setResult({ severity: 'success', text: ADMIN_MESSAGES.updated(parsed.data.status) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setRefused(true);
      else setResult({ severity: 'error', text: errorMessage(error, ADMIN_MESSAGES.failed) });
    } finally {
      setSubmitting(false);
    }
  };

  const authorised = Boolean(user?.is_admin) && !refused;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 3 }}>
        <AdminPanelSettingsOutlinedIcon color="primary" fontSize="large" aria-hidden />
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', md: '2.1rem' } }}
        >
          User Status Manager
        </Typography>
      </Stack>
      {!authorised ? (
        <NotAuthorised />
      ) : (
        <Paper
          component="form"
          onSubmit={submit}
          noValidate
          sx={{ p: { xs: 2.5, md: 4 } }}
          data-testid="user-status-form"
        >
          <Stack spacing={2.5}>
            <Typography color="text.secondary">
              Block a user, or make a blocked user active again, by their phone number.
            </Typography>
            {result && (
              <Alert severity={result.severity} data-testid="user-status-result">
                {result.text}
              </Alert>
            )}
            <TextField
              label="Phone Number"
              value={phoneNumber}
              onChange={(event) => setPhoneNumber(event.target.value)}
              error={Boolean(fieldErrors.phoneNumber)}
              helperText={
                fieldErrors.phoneNumber ?? 'With the country code (e.g. +15551234567) or the 10 digits'
              }
              disabled={submitting}
              required
              slotProps={{ htmlInput: { inputMode: 'tel' } }}
            />
            <FormControl disabled={submitting}>
              <FormLabel id="user-status-label">Status</FormLabel>
              <RadioGroup
                row
                aria-labelledby="user-status-label"
                name="status"
                value={status}
                onChange={(event) => setStatus(event.target.value as Status)}
              >
                {STATUSES.map((value) => (
                  <FormControlLabel key={value} value={value} control={<Radio />} label={value} />
                ))}
              </RadioGroup>
            </FormControl>
            <TextField
              label="Status Reason"
              value={statusReason}
              onChange={(event) => setStatusReason(event.target.value)}
              error={Boolean(fieldErrors.status_reason)}
              helperText={fieldErrors.status_reason}
              disabled={submitting}
              required
              multiline
              minRows={3}
            />
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={clear} disabled={submitting} color="inherit">
                Clear
              </Button>
              <Button type="submit" variant="contained" loading={submitting}>
                Update Status
              </Button>
            </Stack>
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
