import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import DirectionsCarOutlinedIcon from '@mui/icons-material/DirectionsCarOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import type { SvgIconProps } from '@mui/material';

/** The icon of a conversation's service (spec §2 Messages screen: document, ride, companion, other). */
export function ServiceIcon({ serviceType, ...props }: { serviceType: string | undefined } & SvgIconProps) {
  switch (serviceType) {
    case 'document':
      return <DescriptionOutlinedIcon {...props} />;
    case 'ride':
      return <DirectionsCarOutlinedIcon {...props} />;
    case 'companion':
      return <PeopleAltOutlinedIcon {...props} />;
    default:
      return <ChatBubbleOutlineIcon {...props} />;
  }
}
