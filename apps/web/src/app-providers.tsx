/**
 * What surrounds every screen, in the browser (main.tsx) and when the build draws a public page in
 * advance (prerender.tsx): Mantine's theme and colour scheme, the notifications' container, and
 * TanStack Query's client once it is loaded.
 */
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { NotificationsWhenShown } from './components/NotificationsWhenShown';
import { QueryScope } from './components/QueryScope';
import { colorSchemeManager } from './lib/color-scheme';
import { cssVariablesResolver, theme } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <NotificationsWhenShown />
      <QueryScope>{children}</QueryScope>
    </MantineProvider>
  );
}
