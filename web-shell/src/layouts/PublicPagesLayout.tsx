import { PublicLayout } from '@safarsaathi/web-kit';
import { Outlet } from 'react-router';

/** Route element for the public pages: public header and footer around the page. */
export function PublicPagesLayout() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}
