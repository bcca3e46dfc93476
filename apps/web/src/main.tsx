import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { setUnauthenticatedHandler } from './lib/api-client';
import { colorSchemeManager } from './lib/color-scheme';
import { queryClient } from './lib/query-client';
import { reloadSession } from './lib/session';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

// A 401 'Unauthenticated.' has already cleared the session; show the login screen.
setUnauthenticatedHandler(() => {
  queryClient.clear();
  void router.navigate('/login');
});

// Signing in or out in another tab changes localStorage; follow it here.
window.addEventListener('storage', () => reloadSession());

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
