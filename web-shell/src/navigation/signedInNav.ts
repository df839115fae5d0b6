import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

export interface NavEntry {
  label: string;
  to: string;
  icon: SvgIconComponent;
  /** The Messages entry carries the unread chat badge. */
  badge?: 'chat-unread';
}

/** The signed-in navigation (spec §2 Dashboard): side bar on wide screens, bottom bar on phones. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { label: 'Home', to: '/dashboard', icon: HomeOutlinedIcon },
  { label: 'Companion', to: '/companion-service', icon: PeopleAltOutlinedIcon },
  { label: 'Messages', to: '/messages', icon: ChatBubbleOutlineIcon, badge: 'chat-unread' },
];

/** The entry whose page (or a page below it) is on screen, if any. */
export function activeNavEntry(pathname: string): NavEntry | undefined {
  return NAV_ENTRIES.find((entry) => pathname === entry.to || pathname.startsWith(`${entry.to}/`));
}
