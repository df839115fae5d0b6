import { createTheme, type Theme, type ThemeOptions } from '@mui/material';
import type { ReadingPreferences } from '@safarsaathi/contracts';
import { safarSaathiTheme, safarSaathiThemeOptions } from './theme';

/**
 * Large text (addendum §4): body text at least 20 px and touch targets at least 48 px. The root font
 * grows to 125 % of the browser's own size (a reader who already chose a bigger default keeps that
 * gain), so every rem in the app grows with it; the variants MUI draws smaller than body1 (body2,
 * captions, buttons, chips, tooltips) are brought up to 1rem, i.e. 20 px on a default browser.
 */
const LARGE_TEXT: ThemeOptions = {
  typography: {
    // Headings follow a narrow phone's width, so one long word (Tamil, Malayalam) still fits a line: on
    // a 360 px screen h4 is 28.8 px and h6 21.6 px, at least as large as without large text.
    h3: { fontSize: 'min(3rem, 10vw)' },
    h4: { fontSize: 'min(2.125rem, 8vw)' },
    h5: { fontSize: 'min(1.5rem, 6.4vw)' },
    h6: { fontSize: 'min(1.25rem, 6vw)' },
    body2: { fontSize: '1rem' },
    subtitle2: { fontSize: '1rem' },
    caption: { fontSize: '1rem' },
    overline: { fontSize: '1rem' },
    button: { fontSize: '1rem' },
  },
  components: {
    // A word longer than a whole line at 20 px breaks rather than pushing the page sideways.
    MuiCssBaseline: { styleOverrides: { html: { fontSize: '125%' }, body: { overflowWrap: 'break-word' } } },
    MuiButton: {
      styleOverrides: {
        root: { minHeight: 48 },
        sizeSmall: { fontSize: '1rem' },
        sizeMedium: { fontSize: '1rem' },
        sizeLarge: { fontSize: '1.1rem' },
      },
    },
    MuiIconButton: { styleOverrides: { root: { minWidth: 48, minHeight: 48 } } },
    MuiToggleButton: { styleOverrides: { root: { minHeight: 48, fontSize: '1rem' } } },
    MuiMenuItem: { styleOverrides: { root: { minHeight: 48 } } },
    MuiListItemButton: { styleOverrides: { root: { minHeight: 48 } } },
    MuiTab: {
      // 20 px, or less on the narrowest phones where a long word (Malayalam) would not fit half the row.
      styleOverrides: {
        root: { minHeight: 48, fontSize: 'min(1rem, 4.8vw)', paddingLeft: 8, paddingRight: 8 },
      },
    },
    MuiAutocomplete: { styleOverrides: { option: { minHeight: 48 } } },
    MuiTooltip: { styleOverrides: { tooltip: { fontSize: '1rem' } } },
    // Chips hold words (languages, statuses): at 20 px they grow and wrap instead of cutting a word off.
    MuiChip: {
      styleOverrides: {
        root: { height: 'auto', minHeight: 32, fontSize: '1rem' },
        // break-word, not anywhere: a word stays whole unless it alone is wider than the chip (and the chip's
        // smallest width is its longest word, so a row of chips wraps instead of squeezing one).
        label: { whiteSpace: 'normal', overflowWrap: 'break-word', paddingTop: 2, paddingBottom: 2 },
      },
    },
    // MUI's switch is 38 px tall with a 38 px hit area: 48 px here, the track and thumb unchanged.
    MuiSwitch: {
      styleOverrides: {
        root: { width: 68, height: 48, padding: 17 },
        switchBase: { padding: 14 },
      },
    },
    MuiCheckbox: { styleOverrides: { root: { padding: 9 } } },
    MuiRadio: { styleOverrides: { root: { padding: 9 } } },
    // The phone's bottom bar: four labels in 360 px cannot be 20 px (one word would not fit); they wrap,
    // at 17 px, and the bar grows to hold two lines (docs/decisions.md "Easy reading"). On the narrowest
    // phones the size follows the screen (4vw: 14.4 px at 360 px, still above the default bar's 12–14 px)
    // so that one long word (Tamil's "Messages") fits its quarter of the bar.
    MuiBottomNavigation: { styleOverrides: { root: { height: 'auto', minHeight: 56 } } },
    MuiBottomNavigationAction: {
      styleOverrides: {
        root: {
          paddingTop: 6,
          paddingBottom: 6,
          paddingLeft: 2,
          paddingRight: 2,
          minHeight: 56,
          minWidth: 0,
        },
        label: {
          fontSize: 'min(0.85rem, 4vw)',
          lineHeight: 1.15,
          whiteSpace: 'normal',
          textAlign: 'center',
          '&.Mui-selected': { fontSize: 'min(0.85rem, 4vw)' },
        },
      },
    },
  },
};

/**
 * High contrast (addendum §4): text at least 7:1 (WCAG AAA) against what it sits on. Every colour that
 * text is drawn in, or on, is dark enough for 7:1 with white (and the brand orange carries black text,
 * 8.6:1); MUI picks white or black text on a colour at the same 7:1 bar. The page is white, borders and
 * placeholders darker.
 */
const HIGH_CONTRAST: ThemeOptions = {
  palette: {
    contrastThreshold: 7,
    primary: { main: '#12365f', contrastText: '#ffffff' }, // 12.2:1 with white
    secondary: { main: '#f28c28', contrastText: '#000000' }, // 8.6:1
    success: { main: '#145214', contrastText: '#ffffff' }, // 9.4:1
    error: { main: '#8e0000', contrastText: '#ffffff' }, // 9.8:1
    warning: { main: '#6d3300', contrastText: '#ffffff' }, // 9.9:1
    info: { main: '#01457a', contrastText: '#ffffff' }, // 9.8:1
    text: { primary: '#000000', secondary: '#2b2b2b', disabled: 'rgba(0, 0, 0, 0.6)' },
    background: { default: '#ffffff', paper: '#ffffff' },
    divider: 'rgba(0, 0, 0, 0.55)',
  },
  components: {
    MuiOutlinedInput: {
      styleOverrides: {
        notchedOutline: { borderColor: 'rgba(0, 0, 0, 0.7)' },
        input: { '&::placeholder': { opacity: 1, color: '#3a3a3a' } },
      },
    },
    MuiLink: { defaultProps: { underline: 'always' } },
  },
};

const themes = new Map<string, Theme>();

/** The app's theme with the reader's easy-reading choices applied: one of four, each built once. */
export function easyReadingTheme({ large_text, high_contrast }: ReadingPreferences): Theme {
  if (!large_text && !high_contrast) return safarSaathiTheme;
  const key = `${large_text}-${high_contrast}`;
  let theme = themes.get(key);
  if (!theme) {
    const extra = [large_text ? LARGE_TEXT : {}, high_contrast ? HIGH_CONTRAST : {}];
    theme = createTheme(mergeOptions(safarSaathiThemeOptions, ...extra));
    themes.set(key, theme);
  }
  return theme;
}

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep merge of theme options (later wins), so the palette's derived colours are computed from the result. */
function mergeOptions(...options: ThemeOptions[]): ThemeOptions {
  const merge = (target: Plain, source: Plain): Plain => {
    const out: Plain = { ...target };
    for (const [key, value] of Object.entries(source))
      out[key] = isPlain(value) && isPlain(out[key]) ? merge(out[key], value) : value;
    return out;
  };
  return options.reduce<Plain>((acc, next) => merge(acc, next as Plain), {}) as ThemeOptions;
}
