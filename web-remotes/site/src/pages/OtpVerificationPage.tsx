import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Typography } from '@mui/material';
import {
  AUTH_MESSAGES,
  emailAddressSchema,
  LIMITS,
  standaloneCodeFormSchema,
  type LoginCodeForm,
} from '@safarsaathi/contracts';
import {
  ApiError,
  authApi,
  DEFAULT_SIGNED_IN_ROUTE,
  errorMessage,
  useDelayedCallback,
  useSession,
} from '@safarsaathi/web-kit';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../components/AuthCard';
import { CodeField } from '../components/CodeField';
import { useSiteTranslation } from '../i18n';
import { useSiteMessage } from '../login/useSiteMessage';
import { SITE_MESSAGES } from '../messages';
import { CompleteRegistrationDialog } from '../registration/CompleteRegistrationDialog';

/** The code rule of verify-otp, with this screen's own words for a short code (spec §5). */
const CODE_FORM_SCHEMA = standaloneCodeFormSchema(SITE_MESSAGES.standaloneIncompleteOtp);

interface Notice {
  severity: 'success' | 'error';
  text: string;
}

/** The address to verify: from navigation state `email`, else the `?email=` query parameter. */
function useEmailToVerify(): string | null {
  const { state } = useLocation();
  const [searchParams] = useSearchParams();
  const fromState = state && typeof state === 'object' && 'email' in state ? state.email : undefined;
  const parsed = emailAddressSchema.safeParse(fromState ?? searchParams.get('email') ?? '');
  return parsed.success ? parsed.data : null;
}

/** /otp-verification: verify a code sent earlier, with a resend link after a 30-second countdown. */
export default function OtpVerificationPage() {
  const email = useEmailToVerify();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const schedule = useDelayedCallback();
  const { t } = useSiteTranslation();
  const message = useSiteMessage();
  const form = useForm<LoginCodeForm>({
    resolver: zodResolver(CODE_FORM_SCHEMA),
    defaultValues: { otp: '' },
  });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [registrationOpen, setRegistrationOpen] = useState(false);
  const [verified, setVerified] = useState(false);

  if (!email) {
    return (
      <AuthCard>
        <Stack spacing={2}>
          <Alert severity="warning">{t('forms.noEmail')}</Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('forms.goToLogin')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  /** Spec §4: on failure the boxes clear. */
  const fail = (text: string) => {
    form.reset({ otp: '' });
    form.setError('otp', { message: text });
  };

  const succeed = () => {
    setVerified(true);
    const sessionReady = refresh().catch(() => null);
    schedule(
      () => void sessionReady.then(() => navigate(DEFAULT_SIGNED_IN_ROUTE)),
      LIMITS.standaloneVerifyRedirectMs,
    );
  };

  const verify = form.handleSubmit(async ({ otp }) => {
    setNotice(null);
    try {
      const response = await authApi.verifyOtp(email, otp);
      if (!response.success) fail(AUTH_MESSAGES.invalidOtp);
      else if (response.user.is_registered) succeed();
      else setRegistrationOpen(true);
    } catch (error) {
      fail(
        error instanceof ApiError && error.status === 403
          ? errorMessage(error, AUTH_MESSAGES.accountBlockedFallback)
          : SITE_MESSAGES.verificationFailed,
      );
    }
  });

  const resend = async (): Promise<boolean> => {
    setNotice(null);
    try {
      await authApi.sendCode(email);
      form.reset({ otp: '' });
      setNotice({ severity: 'success', text: AUTH_MESSAGES.otpSent });
      return true;
    } catch {
      setNotice({ severity: 'error', text: SITE_MESSAGES.resendFailed });
      return false;
    }
  };

  if (verified) {
    return (
      <AuthCard>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }} data-testid="otp-verified">
          <CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
          <Typography variant="h6" component="p" role="status">
            {t('forms.verificationSuccess')}
          </Typography>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard>
      <Stack
        component="form"
        spacing={2.5}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void verify();
        }}
      >
        <Typography variant="h5" component="h1" sx={{ textAlign: 'center', fontWeight: 700 }}>
          {t('forms.verifyTitle')}
        </Typography>
        {notice && <Alert severity={notice.severity}>{message(notice.text)}</Alert>}
        <CodeField email={email} form={form} onResend={resend} />
      </Stack>
      <CompleteRegistrationDialog
        open={registrationOpen}
        emailAddress={email}
        notice={SITE_MESSAGES.otpVerifiedRegister}
        onClose={() => setRegistrationOpen(false)}
        onRegistered={() => {
          setRegistrationOpen(false);
          succeed();
        }}
      />
    </AuthCard>
  );
}
