// Loaded by the navigation bar the first time its menu button is pressed, with the CSS of the drawer.
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import { lazy, Suspense } from 'react';
import { Drawer, Stack } from '@mantine/core';
import type { YearMonth } from '@mindspend/domain';
import { Brand } from './Brand';
import { NavLinks } from './NavLinks';

const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));

interface NavDrawerProps {
  opened: boolean;
  onClose: () => void;
  signedIn: boolean;
  email: string | null;
  month: YearMonth;
}

/** The navigation of narrow screens (below `lg`), in a drawer from the side. */
export function NavDrawer({ opened, onClose, signedIn, email, month }: NavDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title={<Brand compact />} size="xs" hiddenFrom="lg">
      <Stack gap={4}>
        <NavLinks signedIn={signedIn} month={month} onNavigate={onClose} fullWidth />
        {signedIn && email ? (
          <Suspense fallback={null}>
            <UserMenu email={email} />
          </Suspense>
        ) : null}
      </Stack>
    </Drawer>
  );
}
