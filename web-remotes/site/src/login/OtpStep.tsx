import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import type { FormEvent } from 'react';
import { OtpInput } from '../components/OtpInput';
import { otpText, type OtpDigits } from '../components/otpCode';
import { SITE_MESSAGES } from '../messages';

interface OtpStepProps {
  email: string;
  digits: OtpDigits;
  onDigitsChange: (digits: OtpDigits) => void;
  hasError: boolean;
  busy: 'sending' | 'verifying' | null;
  devNote: string | null;
  anyCodeWorks: boolean;
  onVerify: () => void;
  onResend: () => void;
  onChangeEmail: () => void;
}

/** Step 1: the six-digit code sent to the address. */
export function OtpStep({
  email,
  digits,
  onDigitsChange,
  hasError,
  busy,
  devNote,
  anyCodeWorks,
  onVerify,
  onResend,
  onChangeEmail,
}: OtpStepProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onVerify();
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ textAlign: 'center', wordBreak: 'break-word' }}
      >
        Enter the 6-digit code sent to <strong>{email}</strong>
      </Typography>
      {anyCodeWorks && <Alert severity="info">{SITE_MESSAGES.anyCodeWorks}</Alert>}
      {devNote && (
        <Alert severity="info" variant="outlined" data-testid="dev-otp-note">
          {devNote}
        </Alert>
      )}
      <OtpInput
        digits={digits}
        onChange={onDigitsChange}
        error={hasError}
        disabled={busy === 'verifying'}
        autoFocus
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!otpText(digits)}
        loading={busy === 'verifying'}
      >
        Verify
      </Button>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component="button" type="button" variant="body2" onClick={onChangeEmail}>
          Change Email Address
        </Link>
        <Link component="button" type="button" variant="body2" onClick={onResend} disabled={busy !== null}>
          Resend OTP
        </Link>
      </Box>
    </Stack>
  );
}
