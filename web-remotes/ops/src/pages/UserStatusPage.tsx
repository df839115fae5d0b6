import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import {
  Alert,
  Button,
  Container,
  FormControl,
  FormLabel,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_MESSAGES,
  updateUserStatusRequestSchema,
  type UpdateUserStatusRequest,
  type UpdateUserStatusRequestOutput,
} from '@safarsaathi/contracts';
import {
  api,
  ApiError,
  errorMessage,
  fillPlaceholders,
  translateMessage,
  useSession,
} from '@safarsaathi/web-kit';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useOpsTexts } from '../i18n';

type Status = UpdateUserStatusRequest['status'];
const EMPTY: UpdateUserStatusRequest = { phoneNumber: '', status: 'Active', status_reason: '' };
const STATUSES: readonly Status[] = ['Active', 'Block'];

const fieldMessage = (message: string | undefined) => message && translateMessage(message);

function NotAuthorised() {
  return (
    <Alert severity="error" data-testid="admin-not-authorised">
      {translateMessage(ADMIN_MESSAGES.notAuthorised)}
    </Alert>
  );
}

/** /admin/user-status: an administrator sets a user, found by phone number, to Active or Block with a reason. */
export default function UserStatusPage() {
  const { user } = useSession();
  const T = useOpsTexts();
  const { control, register, handleSubmit, reset, formState } = useForm<
    UpdateUserStatusRequest,
    unknown,
    UpdateUserStatusRequestOutput
  >({
    resolver: zodResolver(updateUserStatusRequestSchema),
    defaultValues: EMPTY,
  });
  /** The outcome: the status set (shown in the reader's language), or an error's text. */
  const [result, setResult] = useState<
    { severity: 'success'; status: Status } | { severity: 'error'; text: string } | null
  >(null);
  const [refused, setRefused] = useState(false);
  const submitting = formState.isSubmitting;
  const errors = formState.errors;

  const clear = () => {
    reset(EMPTY);
    setResult(null);
  };

  const submit = handleSubmit(async (request) => {
    setResult(null);
    try {
      await api.post<unknown>('/api/auth/update-user-status', request);
      setResult({ severity: 'success', status: request.status });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setRefused(true);
      else setResult({ severity: 'error', text: errorMessage(error, ADMIN_MESSAGES.failed) });
    }
  });

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
          {T.title}
        </Typography>
      </Stack>
      {!authorised ? (
        <NotAuthorised />
      ) : (
        <Paper
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            setResult(null);
            void submit();
          }}
          noValidate
          sx={{ p: { xs: 2.5, md: 4 } }}
          data-testid="user-status-form"
        >
          <Stack spacing={2.5}>
            <Typography color="text.secondary">{T.intro}</Typography>
            {result && (
              <Alert severity={result.severity} data-testid="user-status-result">
                {result.severity === 'success'
                  ? fillPlaceholders(T.updated, { status: T.statuses[result.status] })
                  : translateMessage(result.text)}
              </Alert>
            )}
            <TextField
              {...register('phoneNumber')}
              label={T.phoneNumber}
              error={Boolean(errors.phoneNumber)}
              helperText={fieldMessage(errors.phoneNumber?.message) ?? T.phoneHint}
              disabled={submitting}
              required
              slotProps={{ htmlInput: { inputMode: 'tel' } }}
            />
            <Controller
              control={control}
              name="status"
              render={({ field }) => (
                <FormControl disabled={submitting}>
                  <FormLabel id="user-status-label">{T.status}</FormLabel>
                  <RadioGroup row aria-labelledby="user-status-label" {...field}>
                    {STATUSES.map((value) => (
                      <FormControlLabel
                        key={value}
                        value={value}
                        control={<Radio />}
                        label={T.statuses[value]}
                      />
                    ))}
                  </RadioGroup>
                </FormControl>
              )}
            />
            <TextField
              {...register('status_reason')}
              label={T.statusReason}
              error={Boolean(errors.status_reason)}
              helperText={fieldMessage(errors.status_reason?.message)}
              disabled={submitting}
              required
              multiline
              minRows={3}
            />
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={clear} disabled={submitting} color="inherit">
                {T.clear}
              </Button>
              <Button type="submit" variant="contained" loading={submitting}>
                {T.update}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
