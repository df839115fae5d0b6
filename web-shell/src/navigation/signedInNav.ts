import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import FlightOutlinedIcon from '@mui/icons-material/FlightOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

export interface NavEntry {
  /** The key of its label in the `common` catalogue. */
  labelKey: 'nav.home' | 'nav.companion' | 'nav.travelPlans' | 'nav.messages';
  to: string;
  icon: SvgIconComponent;
  /** The Messages entry carries the unread chat badge. */
  badge?: 'chat-unread';
  /** Further pages that belong to this entry (it shows as the current one there). */
  alsoActiveOn?: readonly string[];
}

/**
 * The signed-in navigation (spec §2 Dashboard): side bar on wide screens, bottom bar on phones. Travel
 * Plans is beyond the spec's three entries (issue 14: the travel screens had no way in).
 */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { labelKey: 'nav.home', to: '/dashboard', icon: HomeOutlinedIcon },
  { labelKey: 'nav.companion', to: '/companion-service', icon: PeopleAltOutlinedIcon },
  {
    labelKey: 'nav.travelPlans',
    to: '/travel-list',
    icon: FlightOutlinedIcon,
    alsoActiveOn: ['/travel-form'],
  },
  { labelKey: 'nav.messages', to: '/messages', icon: ChatBubbleOutlineIcon, badge: 'chat-unread' },
];

const onPage = (pathname: string, page: string) => pathname === page || pathname.startsWith(`${page}/`);

/** The entry whose page (or a page below it) is on screen, if any. */
export function activeNavEntry(pathname: string): NavEntry | undefined {
  return NAV_ENTRIES.find((entry) =>
    [entry.to, ...(entry.alsoActiveOn ?? [])].some((page) => onPage(pathname, page)),
  );
}
