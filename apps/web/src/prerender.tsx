/**
 * What the build takes from the app for the public routes' documents (route-documents-plugin.ts,
 * DECISIONS.md #121):
 * - a public page drawn in advance: the route table rendered to HTML for one address, as the
 *   browser's first render draws it signed out, with nothing asked of the server, so a visitor
 *   reads the page before any of the app's JavaScript has arrived; the app then hydrates it
 *   (main.tsx);
 * - the reads a public screen shows a spinner for, which its document starts at once.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app-providers';
import { routeUrl } from './lib/api-routes';
import { routes } from './router';

/** The HTML of `path`'s page (what goes inside `#root`). */
export async function renderPublicPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status}, not a page.`);
  if (context.errors) throw new Error(`${path} failed to render: ${JSON.stringify(context.errors)}`);
  // The handler has loaded each matched screen's code, but its routes keep their `lazy`, and the
  // static router draws a route that still has one as its loading fallback: the spinner, not the page.
  for (const { route } of context.matches) {
    if (typeof route.lazy !== 'function') continue;
    Object.assign(route, await route.lazy());
    route.lazy = undefined;
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}

/**
 * By the module the router loads lazily for the screen: the API addresses it waits for before it
 * draws anything but a spinner. Sign-in and sign-up ask how one signs in on this server.
 */
export function screenReads(): Record<string, readonly string[]> {
  const authConfig = [routeUrl('getAuthConfig')];
  return {
    'src/features/auth/LoginPage.tsx': authConfig,
    'src/features/auth/RegisterPage.tsx': authConfig,
  };
}
