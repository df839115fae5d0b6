import { createTheme, type ThemeOptions } from '@mui/material';

/**
 * One focus ring for every control reached by keyboard (WCAG 2.4.7, and 2.4.13's 2 px / 3:1 as a bar):
 * MUI marks keyboard focus with `.Mui-focusVisible` and by default shows only a faint ripple, which is
 * hard to see on the contained buttons. The navy ring is 9:1 on white and 3.6:1 on the navy buttons'
 * white gap (the offset), so it shows on any background the app uses.
 */
const FOCUS_RING = {
  outline: '3px solid #102a4c',
  outlineOffset: 2,
} as const;
const INSET_FOCUS_RING = { ...FOCUS_RING, outlineOffset: -3 } as const;

/**
 * The one theme of the app; the shell provides it, remotes inherit it through the shared MUI singleton.
 * Easy reading (ui/easyReadingTheme.ts) builds its variants from these same options.
 */
export const safarSaathiThemeOptions: ThemeOptions = {
  palette: {
    // WCAG AA asks 4.5:1 for text: MUI's default threshold (3) put white text on the orange and amber
    // colours (2.5:1 and 3.1:1). With 4.5 MUI picks dark text wherever white does not reach it.
    contrastThreshold: 4.5,
    primary: { main: '#1f4e8c' },
    // The brand orange stays; text on it is the brand's navy (5.9:1) instead of white (2.5:1).
    secondary: { main: '#f28c28', contrastText: '#102a4c' },
    background: { default: '#f7f9fc' },
  },
  shape: { borderRadius: 10 },
  typography: {
    // Indian scripts are in none of the Latin faces, so their letters fall through to the script's Noto
    // Sans (loaded by the shell only once a language written in it is on screen).
    fontFamily:
      '"Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans Devanagari", "Noto Sans Gujarati", "Noto Sans Gurmukhi", "Noto Sans Tamil", "Noto Sans Telugu", "Noto Sans Bengali", "Noto Sans Malayalam", sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // Buttons, icon buttons, tabs, menu items, chips, cards' action areas, checkboxes and radios.
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } },
    },
    // Controls that sit inside a scrolling or clipping container (a menu's list, the tab strip, the
    // bottom bar) draw the ring inside their own box, where nothing cuts it off.
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': INSET_FOCUS_RING } } },
    MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': INSET_FOCUS_RING } } },
    MuiBottomNavigationAction: { styleOverrides: { root: { '&.Mui-focusVisible': INSET_FOCUS_RING } } },
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': INSET_FOCUS_RING } } },
    // A badge with nothing to count is gone, not shrunk to nothing: MUI keeps its last number (or a 0) in
    // an invisible badge, which would still be text inside the control, absent from its name (WCAG 2.5.3:
    // the bell named 'Notifications' held a '0') and read out with the control's own text.
    MuiBadge: { styleOverrides: { invisible: { display: 'none' } } },
    // Links and other elements put in the tab order by hand (not the dialogs' own tabindex=-1 frames,
    // which MUI focuses on opening, nor the inputs, whose outlined border shows focus).
    MuiCssBaseline: {
      styleOverrides: {
        'a:focus-visible, [tabindex="0"]:not(.MuiButtonBase-root):not(.MuiInputBase-input):focus-visible':
          FOCUS_RING,
      },
    },
  },
};

export const safarSaathiTheme = createTheme(safarSaathiThemeOptions);
