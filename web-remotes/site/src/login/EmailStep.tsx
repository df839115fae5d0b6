import { Button, Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import type { LoginEmailForm } from '@safarsaathi/contracts';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { SITE_MESSAGES } from '../messages';

interface EmailStepProps {
  form: UseFormReturn<LoginEmailForm>;
  onSubmit: () => void;
}

/** Step 0: the address to send the code to, and consent to receive it. */
export function EmailStep({ form, onSubmit }: EmailStepProps) {
  const { control, register, formState } = form;
  const [emailAddress, emailConsent] = useWatch({ control, name: ['emailAddress', 'emailConsent'] });
  const error = formState.errors.emailAddress?.message;
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
        label="Email Address"
        type="email"
        error={Boolean(error)}
        helperText={error}
        autoComplete="email"
        autoFocus
        fullWidth
        disabled={sending}
      />
      <Controller
        control={control}
        name="emailConsent"
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} inputRef={field.ref} />}
            label={SITE_MESSAGES.emailConsent}
            slotProps={{ typography: { variant: 'body2' } }}
          />
        )}
      />
      {/* Spec §5: Send OTP waits for an address and the consent; the schema judges the address. */}
      <Button type="submit" variant="contained" size="large" disabled={!emailAddress.trim() || !emailConsent} loading={sending}>
        Send OTP
      </Button>
    </Stack>
  );
}
