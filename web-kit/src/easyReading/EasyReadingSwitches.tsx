import { Alert, FormControlLabel, FormGroup, Stack, Switch, Typography } from '@mui/material';
import type { ReadingPreferences } from '@safarsaathi/contracts';
import { useTranslation } from 'react-i18next';
import { useEasyReading } from './useEasyReading';

const SWITCHES: Array<{ name: keyof ReadingPreferences; label: 'largeText' | 'highContrast' }> = [
  { name: 'large_text', label: 'largeText' },
  { name: 'high_contrast', label: 'highContrast' },
];

/** "Large text" and "High contrast": the profile page's section and the header's menu show these two. */
export function EasyReadingSwitches({ labelledBy }: { labelledBy?: string }) {
  const { t } = useTranslation('common');
  const { preferences, setPreference, saveFailed } = useEasyReading();
  return (
    <Stack spacing={1}>
      <FormGroup aria-labelledby={labelledBy} data-testid="easy-reading-switches">
        {SWITCHES.map(({ name, label }) => (
          <FormControlLabel
            key={name}
            sx={{ alignItems: 'flex-start', mr: 0, py: 0.5 }}
            control={
              <Switch
                checked={preferences[name]}
                onChange={(event) => void setPreference(name, event.target.checked)}
                slotProps={{ input: { 'aria-describedby': `easy-reading-${name}-hint` } }}
                data-testid={`easy-reading-${name}`}
              />
            }
            label={
              <Stack sx={{ pt: 1 }}>
                <Typography>{t(`easyReading.${label}`)}</Typography>
                <Typography
                  id={`easy-reading-${name}-hint`}
                  variant="body2"
                  color="text.secondary"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {t(`easyReading.${label}Hint`)}
                </Typography>
              </Stack>
            }
          />
        ))}
      </FormGroup>
      {saveFailed && (
        <Alert severity="warning" data-testid="easy-reading-save-failed">
          {t('easyReading.saveFailed')}
        </Alert>
      )}
    </Stack>
  );
}
