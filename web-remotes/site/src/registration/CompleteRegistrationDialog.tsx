import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  FormControl,
  FormHelperText,
  Link,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUTH_MESSAGES,
  COUNTRIES,
  DEFAULT_COUNTRY_CODE,
  LIMITS,
  registrationFormSchema,
  sanitizeFullName,
  type Country,
  type RegistrationForm,
  type RegistrationFormOutput,
  type User,
} from '@safarsaathi/contracts';
import {
  ApiError,
  authApi,
  DialogTitleWithTools,
  errorMessage,
  NEW_TAB,
  TERMS_URL,
  Trans,
  useDelayedCallback,
} from '@safarsaathi/web-kit';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useSiteTranslation } from '../i18n';
import { useSiteMessage } from '../login/useSiteMessage';
import { SITE_MESSAGES } from '../messages';
import { CountrySelect } from './CountrySelect';

const DEFAULT_COUNTRY = COUNTRIES.find((country) => country.code === DEFAULT_COUNTRY_CODE) ?? COUNTRIES[0]!;
const countryOf = (code: string): Country =>
  COUNTRIES.find((country) => country.code === code) ?? DEFAULT_COUNTRY;

interface CompleteRegistrationDialogProps {
  open: boolean;
  emailAddress: string;
  /** Shown above the form: why the dialog opened. */
  notice?: string;
  onClose: () => void;
  /** Called 2 s after a successful registration, with the registered user. */
  onRegistered: (user: User) => void;
}

const EMPTY: RegistrationForm = {
  fullname: '',
  countryCode: DEFAULT_COUNTRY.code,
  mobileDigits: '',
  accepted_terms: false,
};

/** Full name, mobile number and terms: what a newly verified user must give before using the app. */
export function CompleteRegistrationDialog({
  open,
  emailAddress,
  notice,
  onClose,
  onRegistered,
}: CompleteRegistrationDialogProps) {
  const { control, handleSubmit, formState } = useForm<RegistrationForm, unknown, RegistrationFormOutput>({
    resolver: zodResolver(registrationFormSchema) as unknown as Resolver<
      RegistrationForm,
      unknown,
      RegistrationFormOutput
    >,
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const acceptedTerms = useWatch({ control, name: 'accepted_terms' });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [registered, setRegistered] = useState(false);
  const schedule = useDelayedCallback();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { t } = useSiteTranslation();
  const message = useSiteMessage();

  const submitting = formState.isSubmitting;
  const locked = submitting || registered;

  const submit = handleSubmit(async ({ fullname, countryCode, mobileDigits }) => {
    setSubmitError(null);
    try {
      const { user } = await authApi.registerUser({
        emailAddress,
        fullname,
        phone_number: `${countryOf(countryCode).dialCode}${mobileDigits}`,
        accepted_terms: true,
      });
      setRegistered(true);
      schedule(() => onRegistered(user), LIMITS.registrationCloseDelayMs);
    } catch (error) {
      setSubmitError(
        error instanceof ApiError
          ? errorMessage(error, SITE_MESSAGES.registrationFailed)
          : SITE_MESSAGES.registrationOffline,
      );
    }
  });

  return (
    <Dialog
      open={open}
      onClose={locked ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="registration-title"
      data-testid="registration-dialog"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitleWithTools id="registration-title">{t('forms.registrationTitle')}</DialogTitleWithTools>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {registered ? (
              <Alert severity="success">{message(AUTH_MESSAGES.registrationCompleted)}</Alert>
            ) : (
              notice && <Alert severity="info">{message(notice)}</Alert>
            )}
            {submitError && <Alert severity="error">{message(submitError)}</Alert>}
            <Controller
              control={control}
              name="fullname"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  // Spec §5: what a name cannot hold is stripped as typed.
                  onChange={(event) => field.onChange(sanitizeFullName(event.target.value))}
                  label={t('forms.fullName')}
                  error={Boolean(fieldState.error)}
                  helperText={message(fieldState.error?.message)}
                  disabled={locked}
                  autoComplete="name"
                  required
                  autoFocus
                />
              )}
            />
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <Controller
                control={control}
                name="countryCode"
                render={({ field }) => (
                  <CountrySelect
                    value={countryOf(field.value)}
                    onChange={(country) => field.onChange(country.code)}
                    disabled={locked}
                  />
                )}
              />
              <Controller
                control={control}
                name="mobileDigits"
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    onChange={(event) =>
                      field.onChange(event.target.value.replace(/\D/g, '').slice(0, LIMITS.phoneDigits))
                    }
                    label={t('forms.mobileNumber')}
                    error={Boolean(fieldState.error)}
                    helperText={message(fieldState.error?.message)}
                    disabled={locked}
                    autoComplete="tel-national"
                    required
                    fullWidth
                    // No maxLength: a pasted "555-123-4567" must lose its dashes before it is cut to 10 digits.
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  />
                )}
              />
            </Stack>
            <Controller
              control={control}
              name="accepted_terms"
              render={({ field, fieldState }) => (
                <FormControl error={Boolean(fieldState.error)}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={field.value}
                        disabled={locked}
                        inputRef={field.ref}
                        onChange={(event) => {
                          field.onChange(event.target.checked);
                          field.onBlur(); // touched: an unticked box says why at once
                        }}
                      />
                    }
                    label={
                      <Trans
                        t={t}
                        i18nKey="forms.acceptTermsWithLink"
                        components={{ terms: <Link href={TERMS_URL} {...NEW_TAB} /> }}
                      />
                    }
                  />
                  {fieldState.error && <FormHelperText>{message(fieldState.error.message)}</FormHelperText>}
                </FormControl>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button
            type="submit"
            variant="contained"
            fullWidth
            disabled={!acceptedTerms || locked}
            loading={submitting}
          >
            {t('forms.completeRegistration')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
