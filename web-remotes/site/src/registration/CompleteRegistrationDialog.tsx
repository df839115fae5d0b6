import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Link,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  AUTH_MESSAGES,
  COUNTRIES,
  DEFAULT_COUNTRY_CODE,
  fullNameSchema,
  LIMITS,
  mobileDigitsError,
  sanitizeFullName,
  type Country,
  type User,
} from '@safarsaathi/contracts';
import {
  ApiError,
  authApi,
  errorMessage,
  NEW_TAB,
  TERMS_URL,
  useDelayedCallback,
} from '@safarsaathi/web-kit';
import { useState, type FormEvent } from 'react';
import { SITE_MESSAGES } from '../messages';
import { CountrySelect } from './CountrySelect';

const DEFAULT_COUNTRY = COUNTRIES.find((country) => country.code === DEFAULT_COUNTRY_CODE) ?? COUNTRIES[0]!;

interface CompleteRegistrationDialogProps {
  open: boolean;
  emailAddress: string;
  /** Shown above the form: why the dialog opened. */
  notice?: string;
  onClose: () => void;
  /** Called 2 s after a successful registration, with the registered user. */
  onRegistered: (user: User) => void;
}

interface FieldErrors {
  fullName?: string;
  mobile?: string;
}

/** Full name, mobile number and terms: what a newly verified user must give before using the app. */
export function CompleteRegistrationDialog({
  open,
  emailAddress,
  notice,
  onClose,
  onRegistered,
}: CompleteRegistrationDialogProps) {
  const [fullName, setFullName] = useState('');
  const [country, setCountry] = useState<Country>(DEFAULT_COUNTRY);
  const [mobile, setMobile] = useState('');
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [termsTouched, setTermsTouched] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [registered, setRegistered] = useState(false);
  const schedule = useDelayedCallback();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));

  const locked = submitting || registered;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = fullNameSchema.safeParse(fullName);
    const errors: FieldErrors = {
      fullName: name.success ? undefined : AUTH_MESSAGES.fullNameRequired,
      mobile: mobileDigitsError(mobile) ?? undefined,
    };
    setFieldErrors(errors);
    setSubmitError(null);
    if (!name.success || errors.mobile || !acceptedTerms) return;

    setSubmitting(true);
    try {
      const { user } = await authApi.registerUser({
        emailAddress,
        fullname: name.data,
        phone_number: `${country.dialCode}${mobile}`,
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
    } finally {
      setSubmitting(false);
    }
  };

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
      <form onSubmit={submit} noValidate>
        <DialogTitle id="registration-title">Complete Your Registration</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {registered ? (
              <Alert severity="success">{AUTH_MESSAGES.registrationCompleted}</Alert>
            ) : (
              notice && <Alert severity="info">{notice}</Alert>
            )}
            {submitError && <Alert severity="error">{submitError}</Alert>}
            <TextField
              label="Full Name"
              value={fullName}
              onChange={(event) => setFullName(sanitizeFullName(event.target.value))}
              error={Boolean(fieldErrors.fullName)}
              helperText={fieldErrors.fullName}
              disabled={locked}
              autoComplete="name"
              required
              autoFocus
            />
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <CountrySelect value={country} onChange={setCountry} disabled={locked} />
              <TextField
                label="Mobile Number"
                value={mobile}
                onChange={(event) =>
                  setMobile(event.target.value.replace(/\D/g, '').slice(0, LIMITS.phoneDigits))
                }
                error={Boolean(fieldErrors.mobile)}
                helperText={fieldErrors.mobile}
                disabled={locked}
                autoComplete="tel-national"
                required
                fullWidth
                // No maxLength: a pasted "555-123-4567" must lose its dashes before it is cut to 10 digits.
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Stack>
            <FormControl error={termsTouched && !acceptedTerms}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={acceptedTerms}
                    disabled={locked}
                    onChange={(event) => {
                      setAcceptedTerms(event.target.checked);
                      setTermsTouched(true);
                    }}
                  />
                }
                label={
                  <>
                    I have read and accept the{' '}
                    <Link href={TERMS_URL} {...NEW_TAB}>
                      Terms &amp; Conditions
                    </Link>
                  </>
                }
              />
              {termsTouched && !acceptedTerms && (
                <FormHelperText>{AUTH_MESSAGES.termsRequired}</FormHelperText>
              )}
            </FormControl>
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
            Complete Registration
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
