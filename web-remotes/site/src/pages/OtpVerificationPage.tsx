import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { AUTH_MESSAGES, emailAddressSchema, LIMITS } from '@safarsaathi/contracts';
import {
  ApiError,
  authApi,
  DEFAULT_SIGNED_IN_ROUTE,
  errorMessage,
  useDelayedCallback,
  useSession,
} from '@safarsaathi/web-kit';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../components/AuthCard';
import { OtpInput } from '../components/OtpInput';
import { emptyOtp, otpText, type OtpDigits } from '../components/otpCode';
import { SITE_MESSAGES } from '../messages';
import { CompleteRegistrationDialog } from '../registration/CompleteRegistrationDialog';

const RESEND_COUNTDOWN_SECONDS = LIMITS.otpResendCountdownMs / 1000;

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

/** Counts down to 0 one second at a time; `restart()` starts again from the top. */
function useCountdown(seconds: number) {
  const [secondsLeft, setSecondsLeft] = useState(seconds);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const tick = window.setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => window.clearTimeout(tick);
  }, [secondsLeft]);
  return { secondsLeft, restart: () => setSecondsLeft(seconds) };
}

/** /otp-verification: verify a code sent earlier, with a resend link after a 30-second countdown. */
export default function OtpVerificationPage() {
  const email = useEmailToVerify();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const schedule = useDelayedCallback();
  const countdown = useCountdown(RESEND_COUNTDOWN_SECONDS);

  const [digits, setDigits] = useState<OtpDigits>(emptyOtp);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState<'verifying' | 'resending' | null>(null);
  const [registrationOpen, setRegistrationOpen] = useState(false);
  const [verified, setVerified] = useState(false);

  if (!email) {
    return (
      <AuthCard>
        <Stack spacing={2}>
          <Alert severity="warning">There is no email address to verify. Please sign in again.</Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            Go to login
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const fail = (text: string) => {
    setNotice({ severity: 'error', text });
    setDigits(emptyOtp());
  };

  const succeed = () => {
    setVerified(true);
    const sessionReady = refresh().catch(() => null);
    schedule(
      () => void sessionReady.then(() => navigate(DEFAULT_SIGNED_IN_ROUTE)),
      LIMITS.standaloneVerifyRedirectMs,
    );
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const code = otpText(digits);
    if (code.length < LIMITS.otpLength) {
      setNotice({ severity: 'error', text: SITE_MESSAGES.standaloneIncompleteOtp });
      return;
    }
    setBusy('verifying');
    setNotice(null);
    try {
      const response = await authApi.verifyOtp(email, code);
      if (!response.success) fail(AUTH_MESSAGES.invalidOtp);
      else if (response.user.is_registered) succeed();
      else setRegistrationOpen(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        fail(errorMessage(error, AUTH_MESSAGES.accountBlockedFallback));
      } else {
        fail(SITE_MESSAGES.verificationFailed);
      }
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    setBusy('resending');
    setNotice(null);
    try {
      await authApi.sendCode(email);
      setDigits(emptyOtp());
      setNotice({ severity: 'success', text: AUTH_MESSAGES.otpSent });
      countdown.restart();
    } catch {
      setNotice({ severity: 'error', text: SITE_MESSAGES.resendFailed });
    } finally {
      setBusy(null);
    }
  };

  if (verified) {
    return (
      <AuthCard>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }} data-testid="otp-verified">
          <CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
          <Typography variant="h6" component="p" role="status">
            Verification successful! Taking you to your dashboard…
          </Typography>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard>
      <Stack component="form" spacing={2.5} onSubmit={verify} noValidate>
        <Typography variant="h5" component="h1" sx={{ textAlign: 'center', fontWeight: 700 }}>
          Verify your email
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: 'center', wordBreak: 'break-word' }}>
          Enter the 6-digit code sent to <strong>{email}</strong>
        </Typography>
        {notice && <Alert severity={notice.severity}>{notice.text}</Alert>}
        <OtpInput
          digits={digits}
          onChange={setDigits}
          error={notice?.severity === 'error'}
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
        <Box sx={{ textAlign: 'center' }}>
          {countdown.secondsLeft > 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="resend-countdown">
              You can resend the code in {countdown.secondsLeft}s
            </Typography>
          ) : (
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => void resend()}
              disabled={busy !== null}
            >
              Resend OTP
            </Link>
          )}
        </Box>
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
