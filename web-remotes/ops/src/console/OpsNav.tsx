import { Tab, Tabs } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { useOpsTexts } from '../i18n';

/** The ops console's tools side by side: Cases, Audit log and the by-phone User Status tool. */
export function OpsNav() {
  const T = useOpsTexts().console;
  const { pathname } = useLocation();
  const tabs = [
    { to: '/admin/cases', label: T.cases },
    { to: '/admin/audit', label: T.audit },
    { to: '/admin/user-status', label: T.userStatus },
  ];
  return (
    <Tabs
      value={tabs.find((tab) => pathname.startsWith(tab.to))?.to ?? false}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={T.nav}
      component="nav"
      sx={{ mb: 3 }}
    >
      {tabs.map((tab) => (
        <Tab key={tab.to} value={tab.to} label={tab.label} component={RouterLink} to={tab.to} />
      ))}
    </Tabs>
  );
}
