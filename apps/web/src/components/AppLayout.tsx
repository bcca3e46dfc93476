import { useEffect } from 'react';
import { Box } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { OfflineBanner } from '../lib/offline/OfflineBanner';
import { NavBar, type BookSwitcherSlot } from './NavBar';

interface AppLayoutProps {
  /** The book switcher the router hands in: a feature, which the shared layout may not import. */
  bookSwitcher?: BookSwitcherSlot;
}

/** Every screen: the navigation bar above the routed page. */
export function AppLayout({ bookSwitcher }: AppLayoutProps) {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <NavBar bookSwitcher={bookSwitcher} />
      <OfflineBanner />
      <Box component="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
