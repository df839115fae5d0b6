import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import TranslateIcon from '@mui/icons-material/Translate';
import {
  Alert,
  Box,
  Button,
  Menu,
  MenuItem,
  ToggleButton,
  ToggleButtonGroup,
  type Theme,
} from '@mui/material';
import { LOCALES, LOCALE_NAMES, isLocale } from '@safarsaathi/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from './useLanguage';

/** The Indian scripts of the product's languages (Hindi and Marathi share Devanagari). */
export const LABEL_SCRIPTS = [
  'Devanagari',
  'Gujarati',
  'Gurmukhi',
  'Tamil',
  'Telugu',
  'Bengali',
  'Malayalam',
] as const;
export type LabelScript = (typeof LABEL_SCRIPTS)[number];

/**
 * The face each language's own name is drawn with on a page in another language, where that script's
 * Noto Sans is not loaded: a system font of the script when there is one, else one small web font (the
 * shell registers them with their unicode ranges, so a face is fetched only when its letters are on
 * screen). Latin letters fall through to the theme's fonts.
 */
export const labelFontName = (script: LabelScript) => `SafarSaathi ${script} Label`;
const labelFont = (theme: Theme) =>
  [
    ...LABEL_SCRIPTS.map((script) => `"${labelFontName(script)}"`),
    theme.typography.fontFamily ?? 'sans-serif',
  ].join(', ');

/** Each language is named in itself, and marked as such for screen readers (WCAG 3.1.2). */
const OPTIONS = LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] }));

/**
 * The language switch. `compact` (headers): a button naming the page's language (on a phone its icon
 * alone) that opens a menu of all nine. `full` (profile): every language as a button, wrapping to the
 * width, the current one pressed.
 */
export function LanguageSwitch({ variant = 'compact' }: { variant?: 'compact' | 'full' }) {
  const { t } = useTranslation('common');
  const { locale, setLocale, saveFailed } = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  if (variant === 'compact') {
    const current = OPTIONS.find((option) => option.locale === locale) ?? OPTIONS[0]!;
    return (
      <>
        <Button
          color="inherit"
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-haspopup="menu"
          aria-expanded={anchor ? true : undefined}
          aria-controls={anchor ? menuId : undefined}
          // The visible name comes first in the accessible one (WCAG 2.5.3).
          aria-label={`${current.name} (${t('language.label')})`}
          startIcon={<TranslateIcon aria-hidden />}
          endIcon={<ArrowDropDownIcon aria-hidden />}
          data-testid="language-switch"
          // A phone's header has room for the translate icon alone (a Tamil "About" is 130 px wide); from
          // 600 px the language's name and the menu's arrow follow it.
          sx={{
            whiteSpace: 'nowrap',
            // The icon alone is still a 48 px target (large text asks for it).
            minWidth: 48,
            px: { xs: 1, sm: 1.5 },
            fontFamily: labelFont,
            '& .MuiButton-startIcon': { mx: { xs: 0 }, mr: { sm: 1 } },
            '& .MuiButton-endIcon': { display: { xs: 'none', sm: 'inherit' }, ml: 0.25 },
          }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {current.name}
          </Box>
        </Button>
        <Menu
          id={menuId}
          anchorEl={anchor}
          open={Boolean(anchor)}
          onClose={() => setAnchor(null)}
          slotProps={{ list: { 'aria-label': t('language.label'), dense: false } }}
        >
          {OPTIONS.map((option) => (
            <MenuItem
              key={option.locale}
              lang={option.locale}
              role="menuitemradio"
              aria-checked={option.locale === locale}
              selected={option.locale === locale}
              data-testid={`language-option-${option.locale}`}
              onClick={() => {
                setAnchor(null);
                if (option.locale !== locale) void setLocale(option.locale);
              }}
              sx={{ minHeight: 48, fontFamily: labelFont }}
            >
              {option.name}
            </MenuItem>
          ))}
        </Menu>
      </>
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
        // Nine languages wrap on a phone: each button keeps its own border and corners.
        sx={{
          flexWrap: 'wrap',
          gap: 1,
          '& .MuiToggleButtonGroup-grouped': {
            m: 0,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            '&:not(:first-of-type)': { borderLeft: 1, borderColor: 'divider', borderRadius: 1, ml: 0 },
          },
        }}
      >
        {OPTIONS.map((option) => (
          <ToggleButton
            key={option.locale}
            value={option.locale}
            lang={option.locale}
            // Unpressed, MUI draws the name in the icons' grey (4.6:1): the text colour keeps 7:1 with
            // high contrast.
            sx={{ px: 2, minHeight: 44, fontFamily: labelFont, color: 'text.primary' }}
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
