import { useEffect } from 'react';
import { Box } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { OfflineBanner } from '../lib/offline/OfflineBanner';
import { NavBar } from './NavBar';

/** Every screen: the navigation bar above the routed page. */
export function AppLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <NavBar />
      <OfflineBanner />
      <Box component="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
