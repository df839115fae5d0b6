import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUTH_MESSAGES,
  LIMITS,
  type AltchaChallenge,
  loginCodeFormSchema,
  loginEmailFormSchema,
  type LoginCodeForm,
  type LoginEmailForm,
} from '@safarsaathi/contracts';
import {
  ApiError,
  authApi,
  errorMessage,
  resolveRedirectTarget,
  scrollToTop,
  takeLoginIsland,
  useDelayedCallback,
  useSession,
} from '@safarsaathi/web-kit';
import { useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { codeFromText } from '../components/CodeEntry';
import { SITE_MESSAGES } from '../messages';

/** 0 enter email, 1 verify code, 2 welcome (spec §4, Login). */
export type LoginStep = 0 | 1 | 2;

export interface Notice {
  severity: 'success' | 'error';
  text: string;
}

/** The dialog opened in place of the landing page's login island (web-kit's loginIsland.ts). */
export interface IslandTakeover {
  /** The visitor closed the island before this dialog came: it closes too. */
  onClosedFirst: () => void;
}

interface LoginFlowOptions {
  redirectTo?: string;
  /** Called just before navigating away after a successful sign-in (the dialog closes itself). */
  onFinished?: () => void;
  island?: IslandTakeover;
}

/**
 * State and actions of the email-code sign-in, shared by the login dialog and the /login page. Both
 * steps' forms live here, so going back to change the address keeps what was typed.
 */
export function useLoginFlow({ redirectTo, onFinished, island }: LoginFlowOptions) {
  const navigate = useNavigate();
  const { refresh } = useSession();
  const schedule = useDelayedCallback();
  const emailForm = useForm<LoginEmailForm>({
    resolver: zodResolver(loginEmailFormSchema),
    defaultValues: { emailAddress: '', emailConsent: false },
  });
  const codeForm = useForm<LoginCodeForm>({
    resolver: zodResolver(loginCodeFormSchema),
    defaultValues: { otp: '' },
  });

  const [step, setStep] = useState<LoginStep>(0);
  /** The normalised address the code went to; verification and registration use it. */
  const [codeSentTo, setCodeSentTo] = useState('');
  const [devNote, setDevNote] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [registrationOpen, setRegistrationOpen] = useState(false);
  const [welcome, setWelcome] = useState('');
  /** The network asked for many codes: the widget solves this, then the code is asked for again with it. */
  const [challenge, setChallenge] = useState<{ challenge: AltchaChallenge; emailAddress: string } | null>(
    null,
  );

  /**
   * Sends a code; true when sent. In development with real OTP off the server hands the code back. Past its
   * network's budget the server asks for a proof of work first (429 `auth.challengeRequired`).
   */
  const requestCode = async (emailAddress: string, altcha?: string): Promise<boolean> => {
    setNotice(null);
    setChallenge(null);
    try {
      const response = await authApi.sendCode(emailAddress, true, altcha);
      codeForm.reset({ otp: response.otp ? codeFromText(response.otp) : '' });
      setDevNote(response.otp ? (response.dev_note ?? null) : null);
      setCodeSentTo(emailAddress);
      setNotice({ severity: 'success', text: AUTH_MESSAGES.otpSent });
      setStep(1);
      return true;
    } catch (error) {
      const asked =
        error instanceof ApiError && error.code === 'auth.challengeRequired'
          ? challengeOf(error.details)
          : undefined;
      if (asked) {
        setChallenge({ challenge: asked, emailAddress });
        setNotice({ severity: 'success', text: errorMessage(error, AUTH_MESSAGES.challengeRequired) });
      } else {
        setNotice({ severity: 'error', text: errorMessage(error, SITE_MESSAGES.sendOtpFailed) });
      }
      return false;
    }
  };

  const sendCode = emailForm.handleSubmit(async ({ emailAddress }) => void (await requestCode(emailAddress)));

  // The island's hand-over, once, in the commit that shows this dialog: what it holds is read and the island
  // removed in one go (no key typed in between is lost), then the field takes the focus the island had, and a
  // "Send OTP" pressed there is sent now.
  const islandTaken = useRef(false);
  /** The e-mail field itself (EmailStep's input), focused at the hand-over. */
  const emailInput = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (!island || islandTaken.current) return;
    islandTaken.current = true;
    const held = takeLoginIsland();
    if (!held) return island.onClosedFirst();
    // setValue, not reset: reset drops the fields' element references until the next render, and the focus
    // must move now, in this commit, before another key arrives.
    emailForm.setValue('emailAddress', held.emailAddress);
    emailForm.setValue('emailConsent', held.emailConsent);
    // The input itself: react-hook-form's setFocus holds MUI's wrapper here, and a miss lets the dialog's focus
    // trap take the focus (and the next key) to the dialog's paper.
    emailInput.current?.focus();
    if (held.sendRequested) void sendCode();
  }, [island, emailForm, sendCode]);

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

  const verify = codeForm.handleSubmit(async ({ otp }) => {
    setNotice(null);
    try {
      const response = await authApi.verifyOtp(codeSentTo, otp);
      if (!response.success) codeForm.setError('otp', { message: AUTH_MESSAGES.invalidOtp });
      else if (response.user.is_registered) finishSignIn(AUTH_MESSAGES.loginSuccess);
      else setRegistrationOpen(true);
    } catch (error) {
      // 403: the account is blocked and the server's message says why.
      const fallback =
        error instanceof ApiError && error.status === 403
          ? AUTH_MESSAGES.accountBlockedFallback
          : AUTH_MESSAGES.invalidOtp;
      codeForm.setError('otp', { message: errorMessage(error, fallback) });
    }
  });

  const changeEmail = () => {
    setStep(0);
    codeForm.reset({ otp: '' });
    setDevNote(null);
    setNotice(null);
  };

  const completeRegistration = () => {
    setRegistrationOpen(false);
    finishSignIn(SITE_MESSAGES.registrationWelcome);
  };

  return {
    step,
    emailForm,
    emailInput,
    codeForm,
    codeSentTo,
    devNote,
    notice,
    welcome,
    registrationOpen,
    closeRegistration: () => setRegistrationOpen(false),
    sendCode,
    resendCode: () => requestCode(codeSentTo),
    challenge: challenge?.challenge ?? null,
    /** The widget solved the challenge: ask for the code again, with the proof. */
    sendWithProof: (payload: string) => {
      if (challenge) void requestCode(challenge.emailAddress, payload);
    },
    verify,
    changeEmail,
    completeRegistration,
  };
}

function challengeOf(details: unknown): AltchaChallenge | undefined {
  const challenge = (details as { challenge?: AltchaChallenge } | undefined)?.challenge;
  return challenge && typeof challenge === 'object' && challenge.parameters ? challenge : undefined;
}
