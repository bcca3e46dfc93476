/**
 * The app's router in the browser, made of the route table (router.tsx), and what the first
 * render waits for when the page arrived already drawn (prerender.tsx, DECISIONS.md #121).
 */
import { createBrowserRouter } from 'react-router';
import { routes } from './router';

export const router = createBrowserRouter(routes);

/**
 * Resolves once the router has matched the page's address and loaded its screens' code. A page
 * the build drew in advance is kept on screen until then: rendering before would replace it with
 * the loading spinner for a moment.
 */
export function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
