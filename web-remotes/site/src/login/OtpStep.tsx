import { Alert, Button, Link, Stack } from '@mui/material';
import type { LoginCodeForm } from '@safarsaathi/contracts';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { CodeEntry, codeFromText } from '../components/CodeEntry';
import { SITE_MESSAGES } from '../messages';

interface OtpStepProps {
  email: string;
  form: UseFormReturn<LoginCodeForm>;
  devNote: string | null;
  anyCodeWorks: boolean;
  onVerify: () => void;
  onResend: () => Promise<boolean>;
  onChangeEmail: () => void;
}

/** Step 1: the six-digit code sent to the address. */
export function OtpStep({ email, form, devNote, anyCodeWorks, onVerify, onResend, onChangeEmail }: OtpStepProps) {
  const verifying = form.formState.isSubmitting;
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onVerify();
      }}
    >
      {anyCodeWorks && <Alert severity="info">{SITE_MESSAGES.anyCodeWorks}</Alert>}
      {devNote && (
        <Alert severity="info" variant="outlined" data-testid="dev-otp-note">
          {devNote}
        </Alert>
      )}
      <Controller
        control={form.control}
        name="otp"
        render={({ field, fieldState }) => (
          <>
            <CodeEntry
              label={
                <>
                  Enter the 6-digit code sent to <strong>{email}</strong>
                </>
              }
              value={field.value}
              onChange={(code) => {
                field.onChange(code);
                form.clearErrors('otp');
              }}
              error={fieldState.error?.message}
              disabled={verifying}
              autoFocus
              onResend={onResend}
              resendDisabled={verifying}
            />
            <Button type="submit" variant="contained" size="large" disabled={!codeFromText(field.value)} loading={verifying}>
              Verify
            </Button>
          </>
        )}
      />
      <Link component="button" type="button" variant="body2" onClick={onChangeEmail} sx={{ alignSelf: 'center' }}>
        Change Email Address
      </Link>
    </Stack>
  );
}
