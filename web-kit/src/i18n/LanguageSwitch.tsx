import TranslateIcon from '@mui/icons-material/Translate';
import { Alert, Button, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { isLocale, type Locale } from '@safarsaathi/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from './useLanguage';

/** Each language is named in itself, and marked as such for screen readers (WCAG 3.1.2). */
const OPTIONS: readonly { locale: Locale; name: string }[] = [
  { locale: 'en', name: 'English' },
  { locale: 'hi', name: 'हिन्दी' },
];

/**
 * The language switch. `compact` (headers): one button naming the other language. `full` (profile): both
 * languages side by side, the current one pressed.
 */
export function LanguageSwitch({ variant = 'compact' }: { variant?: 'compact' | 'full' }) {
  const { t } = useTranslation('common');
  const { locale, setLocale, saveFailed } = useLanguage();

  if (variant === 'compact') {
    const other = OPTIONS.find((option) => option.locale !== locale)!;
    return (
      <Button
        color="inherit"
        lang={other.locale}
        onClick={() => void setLocale(other.locale)}
        startIcon={<TranslateIcon aria-hidden />}
        data-testid="language-switch"
        sx={{ whiteSpace: 'nowrap', minWidth: 0 }}
      >
        {other.name}
      </Button>
    );
  }

  return (
    <>
      <ToggleButtonGroup
        exclusive
        value={locale}
        onChange={(_event, value: unknown) => {
          if (isLocale(value)) void setLocale(value);
        }}
        aria-label={t('language.label')}
        data-testid="language-choice"
        size="small"
        color="primary"
      >
        {OPTIONS.map((option) => (
          <ToggleButton key={option.locale} value={option.locale} lang={option.locale} sx={{ px: 2 }}>
            {option.name}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {saveFailed && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('language.saveFailed')}
        </Alert>
      )}
    </>
  );
}
