import { createTheme } from '@mui/material';

/** The one theme of the app; the shell provides it, remotes inherit it through the shared MUI singleton. */
export const safarSaathiTheme = createTheme({
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
    // Devanagari letters are in none of the Latin faces, so they fall through to Noto Sans Devanagari
    // (loaded by the shell only once Hindi is on screen).
    fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans Devanagari", sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
});
