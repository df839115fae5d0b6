import { ThemeProvider } from '@mui/material';
import type { ReactNode } from 'react';
import { easyReadingTheme } from '../ui/easyReadingTheme';
import { useReadingPreferences } from './preferences';

/** Rendered once by the shell: every screen (shell and remotes) gets the theme of the reader's choices. */
export function EasyReadingThemeProvider({ children }: { children: ReactNode }) {
  const preferences = useReadingPreferences();
  return <ThemeProvider theme={easyReadingTheme(preferences)}>{children}</ThemeProvider>;
}
