import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { Tooltip } from '@mui/material';
import Fab from '@mui/material/Fab';
import { bottomNavHeight, useReadingPreferences } from '@safarsaathi/web-kit';
import { useState } from 'react';
import { useAccountTranslation } from '../i18n';
import { CreateCaseDialog } from './CreateCaseDialog';

/** The floating help button (bottom-right, above the bottom bar on phones) and its Create a Case dialog. */
export default function HelpButton() {
  const [open, setOpen] = useState(false);
  const { t } = useAccountTranslation();
  const barHeight = bottomNavHeight(useReadingPreferences().large_text);
  return (
    <>
      <Tooltip title={t('helpButton')} placement="left">
        <Fab
          color="secondary"
          aria-label={t('helpButton')}
          onClick={() => setOpen(true)}
          data-testid="help-button"
          data-tour="help-button"
          sx={{
            position: 'fixed',
            right: { xs: 16, md: 24 },
            bottom: {
              xs: `calc(${barHeight + 16}px + env(safe-area-inset-bottom))`,
              md: 24,
            },
            zIndex: (theme) => theme.zIndex.speedDial,
          }}
        >
          <HelpOutlineIcon />
        </Fab>
      </Tooltip>
      <CreateCaseDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
