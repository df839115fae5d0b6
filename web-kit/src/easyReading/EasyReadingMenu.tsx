import TextIncreaseIcon from '@mui/icons-material/TextIncrease';
import { IconButton, Popover, Tooltip, Typography, Box } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EasyReadingSwitches } from './EasyReadingSwitches';

/** The public header's "Easy reading" button: the two switches in a small panel, for visitors too. */
export function EasyReadingMenu() {
  const { t } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();
  return (
    <>
      <Tooltip title={t('easyReading.open')}>
        <IconButton
          color="inherit"
          aria-label={t('easyReading.open')}
          aria-haspopup="dialog"
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="easy-reading-button"
          sx={{ flexShrink: 0 }}
        >
          <TextIncreaseIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { p: 2, width: 340, maxWidth: 'calc(100vw - 16px)' },
          },
        }}
      >
        <Box data-testid="easy-reading-panel">
          <Typography id={titleId} variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {t('easyReading.title')}
          </Typography>
          <EasyReadingSwitches labelledBy={titleId} />
        </Box>
      </Popover>
    </>
  );
}
