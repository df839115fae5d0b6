import { Alert, Button, Link, Stack } from '@mui/material';
import type { LoginCodeForm } from '@safarsaathi/contracts';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { CodeEntry, codeFromText } from '../components/CodeEntry';
import { useSiteTranslation } from '../i18n';
import { useSiteMessage } from './useSiteMessage';

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
  const { t } = useSiteTranslation();
  const message = useSiteMessage();
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
      {anyCodeWorks && <Alert severity="info">{t('login.anyCodeWorks')}</Alert>}
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
                  {t('forms.codeSentTo')} <strong>{email}</strong>
                </>
              }
              value={field.value}
              onChange={(code) => {
                field.onChange(code);
                form.clearErrors('otp');
              }}
              error={message(fieldState.error?.message)}
              disabled={verifying}
              autoFocus
              onResend={onResend}
              resendDisabled={verifying}
            />
            <Button type="submit" variant="contained" size="large" disabled={!codeFromText(field.value)} loading={verifying}>
              {t('forms.verify')}
            </Button>
          </>
        )}
      />
      <Link component="button" type="button" variant="body2" onClick={onChangeEmail} sx={{ alignSelf: 'center' }}>
        {t('forms.changeEmail')}
      </Link>
    </Stack>
  );
}
