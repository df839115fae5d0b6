import { Button, Stack, TextField } from '@mui/material';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { LoginEmailForm } from '@safarsaathi/contracts';
import type { Ref } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useSiteTranslation } from '../i18n';
import { useSiteMessage } from './useSiteMessage';

interface EmailStepProps {
  form: UseFormReturn<LoginEmailForm>;
  /** The e-mail input element (the login island's hand-over focuses it). */
  inputRef?: Ref<HTMLInputElement>;
  onSubmit: () => void;
}

/** Step 0: the address to send the code to, and consent to receive it. */
export function EmailStep({ form, inputRef, onSubmit }: EmailStepProps) {
  const { t } = useSiteTranslation();
  const message = useSiteMessage();
  const { control, register, formState } = form;
  const [emailAddress, emailConsent] = useWatch({ control, name: ['emailAddress', 'emailConsent'] });
  const error = message(formState.errors.emailAddress?.message);
  const sending = formState.isSubmitting;

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TextField
        {...register('emailAddress')}
        label={t('forms.emailAddress')}
        type="email"
        error={Boolean(error)}
        helperText={error}
        autoComplete="email"
        inputRef={inputRef}
        autoFocus
        fullWidth
        disabled={sending}
      />
      <Controller
        control={control}
        name="emailConsent"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                inputRef={field.ref}
              />
            }
            label={t('login.emailConsent')}
            slotProps={{ typography: { variant: 'body2' } }}
          />
        )}
      />
      {/* Spec §5: Send OTP waits for an address and the consent; the schema judges the address. */}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!emailAddress.trim() || !emailConsent}
        loading={sending}
      >
        {t('forms.sendOtp')}
      </Button>
    </Stack>
  );
}
