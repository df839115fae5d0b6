import TranslateIcon from '@mui/icons-material/Translate';
import { Alert, Button, ToggleButton, ToggleButtonGroup, type Theme } from '@mui/material';
import { isLocale, type Locale } from '@safarsaathi/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from './useLanguage';

/**
 * The face the Devanagari name 'हिन्दी' is drawn with on an English page, where Noto Sans Devanagari is not
 * loaded: a system Devanagari font when there is one, else one small web font (the shell registers it,
 * fetched only when the label is on screen). Latin letters fall through to the theme's fonts.
 */
export const DEVANAGARI_LABEL_FONT = 'SafarSaathi Devanagari Label';
const labelFont = (theme: Theme) =>
  `"${DEVANAGARI_LABEL_FONT}", ${theme.typography.fontFamily ?? 'sans-serif'}`;

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
        // The icon only where there is room for it: a phone's header is full.
        sx={{
          whiteSpace: 'nowrap',
          minWidth: 0,
          px: { xs: 1, sm: 1.5 },
          fontFamily: labelFont,
          '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
        }}
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
          <ToggleButton
            key={option.locale}
            value={option.locale}
            lang={option.locale}
            sx={{ px: 2, fontFamily: labelFont }}
          >
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
