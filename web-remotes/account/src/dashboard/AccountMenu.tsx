import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import { Avatar, IconButton, ListItemIcon, Menu, MenuItem, Tooltip } from '@mui/material';
import { useSession } from '@safarsaathi/web-kit';
import { useState } from 'react';
import { useAccountTranslation } from '../i18n';

/** The account menu of the welcome header: Profile (opens the profile dialog) and Logout. */
export function AccountMenu({ onOpenProfile }: { onOpenProfile: () => void }) {
  const { logout } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { t } = useAccountTranslation();

  return (
    <>
      <Tooltip title={t('menu.tooltip')}>
        <IconButton
          aria-label={t('menu.label')}
          aria-haspopup="menu"
          aria-expanded={Boolean(anchor)}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="account-menu-button"
          data-tour="menu"
          sx={{ p: 0.5 }}
        >
          {/*
            A figure, not the user's initial: a letter on the button would be its visible label, which its
            name ('Account menu') must contain (WCAG 2.5.3). The welcome title next to it names the user.
          */}
          <Avatar sx={{ width: 36, height: 36, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}>
            <PersonIcon />
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onOpenProfile();
          }}
        >
          <ListItemIcon>
            <PersonOutlineIcon fontSize="small" />
          </ListItemIcon>
          {t('menu.profile')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
          data-testid="logout-button"
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('menu.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
