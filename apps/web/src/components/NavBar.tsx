import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Box, Burger, Container, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery, useWindowScroll } from '@mantine/hooks';
import { useCurrentMonth } from '../lib/current-month';
import { useSession } from '../lib/use-session';
import { Brand } from './Brand';
import { NavLinks } from './NavLinks';

// The user menu (signed in only) and the drawer (narrow screens, once opened) are loaded when first
// shown, so a public page's first load carries neither, nor the floating and scroll-lock
// libraries they are built on (DECISIONS.md #32).
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));
const NavDrawer = lazy(() => import('./NavDrawer').then((m) => ({ default: m.NavDrawer })));
const NotificationsBell = lazy(() => import('./NotificationsBell').then((m) => ({ default: m.NotificationsBell })));

/**
 * Where the brand's name shows beside the book switcher: between 576 and 1200 px, where the links
 * are in the drawer and the row has room. On a phone, and from 1200 px where the nine links and
 * the menus share the row, the book's name takes its place next to the icon.
 */
const SIGNED_IN_NAME_DISPLAY = { base: 'none', xs: 'block', lg: 'none' } as const;

/** The book switcher (features/books), handed in by the router: a shared component may not import a feature. */
export type BookSwitcherSlot = ComponentType<{ onDone?: () => void }>;

/**
 * Top navigation bar; shrinks after scrolling past 100 px on screens wider than 768 px (spec §2.1).
 * Its nine links fit in a row from the `lg` breakpoint (1200 px), without their icons
 * (components/nav-item.module.css); narrower screens get the menu drawer.
 */
export function NavBar({ bookSwitcher: BookSwitcher }: { bookSwitcher?: BookSwitcherSlot }) {
  const { token, user } = useSession();
  const { month } = useCurrentMonth();
  const [scroll] = useWindowScroll();
  const wide = useMediaQuery('(min-width: 769px)') ?? true;
  const [drawerOpen, drawer] = useDisclosure(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const shrunk = wide && scroll.y > 100;
  const signedIn = Boolean(token);
  const Switcher = signedIn ? BookSwitcher : undefined;

  return (
    <Box
      component="header"
      data-shrunk={shrunk ? 'true' : 'false'}
      pos="sticky"
      top={0}
      style={{
        zIndex: 100,
        height: shrunk ? 54 : 72,
        transition: 'height 160ms ease, box-shadow 160ms ease',
        background: 'color-mix(in srgb, var(--mantine-color-body) 92%, transparent)',
        backdropFilter: 'blur(8px)',
        borderBottom: '1px solid var(--mantine-color-default-border)',
        boxShadow: shrunk ? '0 2px 12px rgba(0,0,0,0.06)' : 'none',
      }}
    >
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          {/* The book being worked in shows on every width, beside the brand's icon. */}
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Brand compact={shrunk} nameDisplay={Switcher ? SIGNED_IN_NAME_DISPLAY : undefined} />
            {Switcher ? (
              <Suspense fallback={null}>
                <Switcher />
              </Suspense>
            ) : null}
          </Group>
          <Group gap={4} wrap="nowrap">
            <Group component="nav" aria-label="Main" gap={4} visibleFrom="lg" wrap="nowrap">
              <NavLinks signedIn={signedIn} month={month} />
              {signedIn && user ? (
                <Suspense fallback={null}>
                  <UserMenu email={user.email} iconOnly={Switcher !== undefined} />
                </Suspense>
              ) : null}
            </Group>
            {/* On every width: a notice should not wait for the drawer to be opened. */}
            {signedIn ? (
              <Suspense fallback={null}>
                <NotificationsBell />
              </Suspense>
            ) : null}
            <Burger
              opened={drawerOpen}
              onClick={() => {
                setDrawerUsed(true);
                drawer.toggle();
              }}
              hiddenFrom="lg"
              aria-label="Open navigation"
            />
          </Group>
        </Group>
      </Container>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <NavDrawer
            opened={drawerOpen}
            onClose={drawer.close}
            signedIn={signedIn}
            email={user?.email ?? null}
            month={month}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
