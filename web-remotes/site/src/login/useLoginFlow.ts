import {
  AUTH_MESSAGES,
  emailAddressSchema,
  LIMITS,
  otpSchema,
  type SendCodeResponse,
} from '@safarsaathi/contracts';
import {
  ApiError,
  authApi,
  errorMessage,
  resolveRedirectTarget,
  scrollToTop,
  useDelayedCallback,
  useSession,
} from '@safarsaathi/web-kit';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { emptyOtp, otpFromText, otpText, type OtpDigits } from '../components/otpCode';
import { SITE_MESSAGES } from '../messages';

/** 0 enter email, 1 verify code, 2 welcome (spec §4, Login). */
export type LoginStep = 0 | 1 | 2;

export interface Notice {
  severity: 'success' | 'error';
  text: string;
}

interface LoginFlowOptions {
  redirectTo?: string;
  /** Called just before navigating away after a successful sign-in (the dialog closes itself). */
  onFinished?: () => void;
}

/** State and actions of the email-code sign-in, shared by the login dialog and the /login page. */
export function useLoginFlow({ redirectTo, onFinished }: LoginFlowOptions) {
  const navigate = useNavigate();
  const { refresh } = useSession();
  const schedule = useDelayedCallback();

  const [step, setStep] = useState<LoginStep>(0);
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [emailError, setEmailError] = useState<string | null>(null);
  /** The normalised address the code went to; verification and registration use it. */
  const [codeSentTo, setCodeSentTo] = useState('');
  const [digits, setDigits] = useState<OtpDigits>(emptyOtp);
  const [devNote, setDevNote] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState<'sending' | 'verifying' | null>(null);
  const [registrationOpen, setRegistrationOpen] = useState(false);
  const [welcome, setWelcome] = useState('');

  const applySentCode = (response: SendCodeResponse) => {
    // Development with real OTP off: the server hands the code back so it can be filled in.
    setDigits(response.otp ? otpFromText(response.otp) : emptyOtp());
    setDevNote(response.otp ? (response.dev_note ?? null) : null);
  };

  const requestCode = async (emailAddress: string) => {
    setBusy('sending');
    setNotice(null);
    try {
      applySentCode(await authApi.sendCode(emailAddress, true));
      setCodeSentTo(emailAddress);
      setNotice({ severity: 'success', text: AUTH_MESSAGES.otpSent });
      setStep(1);
    } catch (error) {
      setNotice({ severity: 'error', text: errorMessage(error, SITE_MESSAGES.sendOtpFailed) });
    } finally {
      setBusy(null);
    }
  };

  const sendCode = async () => {
    const parsed = emailAddressSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(AUTH_MESSAGES.invalidEmail);
      return;
    }
    setEmailError(null);
    await requestCode(parsed.data);
  };

  const resendCode = () => requestCode(codeSentTo);

  const finishSignIn = (text: string) => {
    setNotice(null);
    setWelcome(text);
    setStep(2);
    // The session cookie is set; the shell's session must know the user before a guarded page opens.
    const sessionReady = refresh().catch(() => null);
    schedule(() => {
      void sessionReady.then(() => {
        onFinished?.();
        scrollToTop();
        navigate(resolveRedirectTarget(redirectTo));
      });
    }, LIMITS.loginRedirectMs);
  };

  const verify = async () => {
    const code = otpText(digits);
    if (!otpSchema.safeParse(code).success) {
      setNotice({ severity: 'error', text: AUTH_MESSAGES.incompleteOtp });
      return;
    }
    setBusy('verifying');
    setNotice(null);
    try {
      const response = await authApi.verifyOtp(codeSentTo, code);
      if (!response.success) {
        setNotice({ severity: 'error', text: AUTH_MESSAGES.invalidOtp });
      } else if (response.user.is_registered) {
        finishSignIn(AUTH_MESSAGES.loginSuccess);
      } else {
        setRegistrationOpen(true);
      }
    } catch (error) {
      // 403: the account is blocked and the server's message says why.
      const fallback =
        error instanceof ApiError && error.status === 403
          ? AUTH_MESSAGES.accountBlockedFallback
          : AUTH_MESSAGES.invalidOtp;
      setNotice({ severity: 'error', text: errorMessage(error, fallback) });
    } finally {
      setBusy(null);
    }
  };

  const changeEmail = () => {
    setStep(0);
    setDigits(emptyOtp());
    setDevNote(null);
    setNotice(null);
  };

  const completeRegistration = () => {
    setRegistrationOpen(false);
    finishSignIn(SITE_MESSAGES.registrationWelcome);
  };

  return {
    step,
    email,
    setEmail: (value: string) => {
      setEmail(value);
      setEmailError(null);
    },
    consent,
    setConsent,
    emailError,
    codeSentTo,
    digits,
    setDigits,
    devNote,
    notice,
    busy,
    welcome,
    registrationOpen,
    closeRegistration: () => setRegistrationOpen(false),
    sendCode,
    resendCode,
    verify,
    changeEmail,
    completeRegistration,
  };
}
