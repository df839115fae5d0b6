import { Box, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { EasyReadingMenu } from '../easyReading/EasyReadingMenu';
import { LanguageSwitch } from '../i18n/LanguageSwitch';

/**
 * The language switch and the easy-reading control (large text, high contrast), side by side: every screen
 * shows them in its first screen (issue 38), signed out or in. The public header, the signed-in frame's top
 * bar and the full-screen dialogs (sign-in, registration, help) carry this one component, so they stay the same
 * two controls everywhere, each a 48 px target with large text.
 */
export function PageTools() {
  return (
    <Box
      data-testid="page-tools"
      sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1 }, flexShrink: 0 }}
    >
      <LanguageSwitch />
      <EasyReadingMenu />
    </Box>
  );
}

/**
 * A dialog's title with the page tools beside it. A dialog is full-screen on a phone and hides the page's
 * header, so one that a visitor or traveller fills in (registration, help) carries the two controls itself;
 * the title alone names the dialog (`id`, for its aria-labelledby).
 */
export function DialogTitleWithTools({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: { xs: 1, sm: 2 } }}>
      <DialogTitle id={id} sx={{ flex: 1, minWidth: 0 }}>
        {children}
      </DialogTitle>
      <PageTools />
    </Box>
  );
}
