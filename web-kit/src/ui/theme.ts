import { createTheme } from '@mui/material';

/** The one theme of the app; the shell provides it, remotes inherit it through the shared MUI singleton. */
export const safarSaathiTheme = createTheme({
  palette: {
    primary: { main: '#1f4e8c' },
    secondary: { main: '#f28c28', contrastText: '#ffffff' },
    background: { default: '#f7f9fc' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
});
