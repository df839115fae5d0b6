import { Alert, Box, Stack, Typography } from '@mui/material';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { LIMITS } from '@safarsaathi/contracts';
import { authApi, useDelayedCallback } from '@safarsaathi/web-kit';
import { useState } from 'react';
import { useSiteTranslation } from '../i18n';
import { SITE_MESSAGES } from '../messages';
import { useSiteMessage } from './useSiteMessage';
import { useEnvironmentInfo, useSetRealOtpEnabled } from './useEnvironmentInfo';

interface ToggleResult {
  severity: 'success' | 'error';
  text: string;
}

/**
 * Development only: switch between real e-mailed codes and codes returned to the page. Compiled into
 * development builds only (`__DEV_AIDS__`), shown only when the server says it runs in development, and
 * framed and labelled as a development tool so nobody takes it for part of the product.
 */
export function DevOtpToggle() {
  const { is_development: isDevelopment, enable_real_otp: realOtpEnabled } = useEnvironmentInfo();
  const setRealOtpEnabled = useSetRealOtpEnabled();
  const { t } = useSiteTranslation();
  const message = useSiteMessage();
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
    <Box
      component="section"
      aria-labelledby="dev-aid-title"
      data-testid="dev-otp-toggle"
      sx={{
        border: '2px dashed',
        borderColor: 'warning.dark',
        borderRadius: 2,
        px: 2,
        py: 1.5,
        bgcolor: '#fff8e1',
      }}
    >
      <Stack spacing={1}>
        <Typography
          id="dev-aid-title"
          variant="overline"
          component="p"
          sx={{ fontWeight: 800, lineHeight: 1.5, color: '#6d3a00' }}
        >
          {t('login.devAidTitle')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={requested ?? realOtpEnabled}
              disabled={requested !== null}
              onChange={(event) => void toggle(event.target.checked)}
            />
          }
          label={t('forms.useRealOtp')}
        />
        {result && (
          <Alert severity={result.severity} variant="outlined">
            {message(result.text)}
          </Alert>
        )}
      </Stack>
    </Box>
  );
}
