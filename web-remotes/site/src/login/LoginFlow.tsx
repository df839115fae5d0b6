import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { PRODUCT_NAME } from '@safarsaathi/contracts';
import { LegalLinks } from '../components/LegalLinks';
import { useSiteTranslation } from '../i18n';
import { SITE_MESSAGES } from '../messages';
import { CompleteRegistrationDialog } from '../registration/CompleteRegistrationDialog';
import { DevOtpToggle } from './DevOtpToggle';
import { EmailStep } from './EmailStep';
import { OtpStep } from './OtpStep';
import { useEnvironmentInfo } from './useEnvironmentInfo';
import { useLoginFlow, type IslandTakeover } from './useLoginFlow';
import { useSiteMessage } from './useSiteMessage';
import { WelcomeStep } from './WelcomeStep';

/** The proof-of-work widget, fetched only when the server asks for it. */
const ProofOfWork = lazy(() => import('./ProofOfWork'));

/** Keys of the stepper's labels ('Enter Email Address', 'Verify OTP', 'Welcome!'). */
const STEP_LABELS = ['forms.enterEmailTitle', 'forms.verifyOtpStep', 'forms.welcomeTitle'] as const;

interface LoginFlowProps {
  redirectTo?: string;
  onFinished?: () => void;
  /** Id of the product title, for the dialog's aria-labelledby. */
  titleId?: string;
  /** The title is the page's h1 on /login and the dialog's h2 in the login dialog. */
  titleLevel?: 'h1' | 'h2';
  /** Taking over the landing page's login island (useLoginFlow). */
  island?: IslandTakeover;
}

/** The whole email-code sign-in (and registration for new users); used by the dialog and the /login page. */
export function LoginFlow({ redirectTo, onFinished, titleId, titleLevel = 'h2', island }: LoginFlowProps) {
  const flow = useLoginFlow({ redirectTo, onFinished, island });
  const environment = useEnvironmentInfo();
  const { t } = useSiteTranslation();
  const message = useSiteMessage();

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography id={titleId} variant="h4" component={titleLevel} color="primary" sx={{ fontWeight: 800 }}>
          {PRODUCT_NAME}
        </Typography>
        <Typography color="text.secondary">{t('login.tagline')}</Typography>
      </Stack>

      <Stepper activeStep={flow.step} alternativeLabel>
        {STEP_LABELS.map((label) => (
          <Step key={label}>
            <StepLabel>{t(label)}</StepLabel>
          </Step>
        ))}
      </Stepper>

      {flow.notice && (
        <Alert severity={flow.notice.severity} data-testid="login-notice">
          {message(flow.notice.text)}
        </Alert>
      )}

      {flow.step === 0 && flow.challenge && (
        <Suspense
          fallback={
            <CircularProgress size={24} sx={{ alignSelf: 'center' }} aria-label={t('login.checking')} />
          }
        >
          <ProofOfWork challenge={flow.challenge} onSolved={flow.sendWithProof} />
        </Suspense>
      )}
      {flow.step === 0 && (
        <EmailStep form={flow.emailForm} inputRef={flow.emailInput} onSubmit={() => void flow.sendCode()} />
      )}
      {flow.step === 1 && (
        <OtpStep
          email={flow.codeSentTo}
          form={flow.codeForm}
          devNote={flow.devNote}
          anyCodeWorks={environment.is_development && !environment.enable_real_otp}
          onVerify={() => void flow.verify()}
          onResend={flow.resendCode}
          onChangeEmail={flow.changeEmail}
        />
      )}
      {flow.step === 2 && <WelcomeStep message={flow.welcome} />}

      {/* Below the form: it appears once environment info arrives and must not shift the fields. */}
      {__DEV_AIDS__ && flow.step < 2 && <DevOtpToggle />}

      <LegalLinks />

      <CompleteRegistrationDialog
        open={flow.registrationOpen}
        emailAddress={flow.codeSentTo}
        notice={SITE_MESSAGES.otpVerifiedRegister}
        onClose={flow.closeRegistration}
        onRegistered={flow.completeRegistration}
      />
    </Stack>
  );
}
