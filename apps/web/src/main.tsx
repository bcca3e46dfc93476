import './mantine-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from 'react-router';
import { NotificationsWhenShown } from './components/NotificationsWhenShown';
import { QueryScope } from './components/QueryScope';
import { setUnauthenticatedHandler } from './lib/api-client';
import { colorSchemeManager } from './lib/color-scheme';
import { clearSavedAnswers } from './lib/offline/clear-saved-answers';
import { registerServiceWorker } from './lib/offline/register-service-worker';
import { queryClientSlot } from './lib/query-client-slot';
import { reloadSession } from './lib/session';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

// A 401 'Unauthenticated.' has already cleared the session; show the login screen.
setUnauthenticatedHandler(() => {
  queryClientSlot.get()?.clear();
  void clearSavedAnswers();
  void router.navigate('/login');
});

// Signing in or out in another tab changes localStorage; follow it here.
window.addEventListener('storage', () => reloadSession());

// The app shell and the last-opened months readable offline (DECISIONS.md #34, #35).
registerServiceWorker();

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
      <NotificationsWhenShown />
      <QueryScope>
        <RouterProvider router={router} />
      </QueryScope>
    </MantineProvider>
  </StrictMode>,
);
