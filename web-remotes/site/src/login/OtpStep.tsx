import { Alert, Link, Stack } from '@mui/material';
import type { LoginCodeForm } from '@safarsaathi/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { CodeField } from '../components/CodeField';
import { useSiteTranslation } from '../i18n';

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
export function OtpStep({
  email,
  form,
  devNote,
  anyCodeWorks,
  onVerify,
  onResend,
  onChangeEmail,
}: OtpStepProps) {
  const { t } = useSiteTranslation();
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
      <CodeField email={email} form={form} onResend={onResend} />
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={onChangeEmail}
        sx={{ alignSelf: 'center' }}
      >
        {t('forms.changeEmail')}
      </Link>
    </Stack>
  );
}
