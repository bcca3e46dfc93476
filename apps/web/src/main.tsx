import './mantine-styles';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app-providers';
import { router, routerReady } from './browser-router';
import { markedSignedIn } from './lib/first-paint-boot';
import { DRAWN_PAGE_ATTRIBUTE } from './lib/route-documents';
import { setUnauthenticatedHandler } from './lib/api-client';
import { clearSavedAnswers } from './lib/offline/clear-saved-answers';
import { registerServiceWorker } from './lib/offline/register-service-worker';
import { queryClientSlot } from './lib/query-client-slot';
import { reloadSession } from './lib/session';

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

const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

// A public page the build drew in advance (DECISIONS.md #121) is taken over where it stands once
// its screen's code is here: hydrating keeps the nodes already painted. Any other page, or a drawn
// one on a device where someone is signed in (the first-paint script hid it), the app draws anew.
if (container.hasAttribute(DRAWN_PAGE_ATTRIBUTE) && !markedSignedIn()) {
  void routerReady().then(() => {
    hydrateRoot(container, app);
    container.removeAttribute(DRAWN_PAGE_ATTRIBUTE);
  });
} else {
  container.replaceChildren();
  container.removeAttribute(DRAWN_PAGE_ATTRIBUTE);
  createRoot(container).render(app);
}
