import { Button } from '@mui/material';
import type { LoginCodeForm } from '@safarsaathi/contracts';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useSiteTranslation } from '../i18n';
import { useSiteMessage } from '../login/useSiteMessage';
import { CodeEntry, codeFromText } from './CodeEntry';

interface CodeFieldProps {
  /** Where the code was sent (named above the boxes). */
  email: string;
  form: UseFormReturn<LoginCodeForm>;
  onResend: () => Promise<boolean>;
}

/**
 * The code boxes bound to a sign-in form's `otp` field, and its Verify button (disabled while the code is
 * empty or being checked, spec §5): the same in the login dialog, on /login and on /otp-verification.
 */
export function CodeField({ email, form, onResend }: CodeFieldProps) {
  const { t } = useSiteTranslation();
  const message = useSiteMessage();
  const verifying = form.formState.isSubmitting;
  return (
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
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!codeFromText(field.value)}
            loading={verifying}
          >
            {t('forms.verify')}
          </Button>
        </>
      )}
    />
  );
}
