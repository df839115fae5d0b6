import { Button, Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import type { FormEvent } from 'react';
import { SITE_MESSAGES } from '../messages';

interface EmailStepProps {
  email: string;
  onEmailChange: (email: string) => void;
  consent: boolean;
  onConsentChange: (consent: boolean) => void;
  error: string | null;
  sending: boolean;
  onSubmit: () => void;
}

/** Step 0: the address to send the code to, and consent to receive it. */
export function EmailStep({
  email,
  onEmailChange,
  consent,
  onConsentChange,
  error,
  sending,
  onSubmit,
}: EmailStepProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <TextField
        label="Email Address"
        type="email"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        error={Boolean(error)}
        helperText={error}
        autoComplete="email"
        autoFocus
        fullWidth
        disabled={sending}
      />
      <FormControlLabel
        control={<Checkbox checked={consent} onChange={(event) => onConsentChange(event.target.checked)} />}
        label={SITE_MESSAGES.emailConsent}
        slotProps={{ typography: { variant: 'body2' } }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!email.trim() || !consent}
        loading={sending}
      >
        Send OTP
      </Button>
    </Stack>
  );
}
