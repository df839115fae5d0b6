import { Alert, FormControlLabel, Stack, Switch } from '@mui/material';
import { LIMITS } from '@safarsaathi/contracts';
import { authApi, useDelayedCallback } from '@safarsaathi/web-kit';
import { useState } from 'react';
import { SITE_MESSAGES } from '../messages';
import { useEnvironmentInfo, useSetRealOtpEnabled } from './useEnvironmentInfo';

interface ToggleResult {
  severity: 'success' | 'error';
  text: string;
}

/** Development only: switch between real e-mailed codes and codes returned to the page. */
export function DevOtpToggle() {
  const { is_development: isDevelopment, enable_real_otp: realOtpEnabled } = useEnvironmentInfo();
  const setRealOtpEnabled = useSetRealOtpEnabled();
  /** The value asked for while the server has not answered yet, so the switch moves at once. */
  const [requested, setRequested] = useState<boolean | null>(null);
  const [result, setResult] = useState<ToggleResult | null>(null);
  const schedule = useDelayedCallback();

  if (!isDevelopment) return null;

  const toggle = async (enable: boolean) => {
    setRequested(enable);
    try {
      const response = await authApi.toggleRealOtp(enable);
      setRealOtpEnabled(response.enable_real_otp);
      const text = response.enable_real_otp ? SITE_MESSAGES.realOtpEnabled : SITE_MESSAGES.realOtpDisabled;
      setResult({ severity: 'success', text });
    } catch {
      setResult({ severity: 'error', text: SITE_MESSAGES.realOtpToggleFailed });
    } finally {
      setRequested(null);
      schedule(() => setResult(null), LIMITS.toggleMessageTimeoutMs);
    }
  };

  return (
    <Stack spacing={1} data-testid="dev-otp-toggle">
      <FormControlLabel
        control={
          <Switch
            checked={requested ?? realOtpEnabled}
            disabled={requested !== null}
            onChange={(event) => void toggle(event.target.checked)}
          />
        }
        label="Use real OTP via SMS"
      />
      {result && (
        <Alert severity={result.severity} variant="outlined">
          {result.text}
        </Alert>
      )}
    </Stack>
  );
}
