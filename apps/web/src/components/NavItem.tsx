import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import classes from './nav-item.module.css';

interface NavItemProps {
  to: string;
  /** Path prefix that marks this link as the current page (defaults to `to`). */
  activePrefix?: string;
  icon?: ReactNode;
  children: ReactNode;
  onClick?: () => void;
  fullWidth?: boolean;
}

/** A navigation bar link, highlighted when it points at the current page (spec §2.1). */
export function NavItem({ to, activePrefix, icon, children, onClick, fullWidth }: NavItemProps) {
  const { pathname } = useLocation();
  const prefix = activePrefix ?? to;
  const active = pathname === prefix || pathname.startsWith(`${prefix}/`);
  return (
    <Button
      component={Link}
      to={to}
      onClick={onClick}
      variant={active ? 'light' : 'subtle'}
      color={active ? 'teal' : 'gray'}
      leftSection={icon}
      aria-current={active ? 'page' : undefined}
      fullWidth={fullWidth}
      justify={fullWidth ? 'flex-start' : undefined}
      radius="md"
      // Nine links and the user menu share one row from 1200 px: the bar's links take a narrower
      // padding than a button's default (8 px, not xs's 10: the book switcher keeps room for a
      // name at 1280 px) and show no icon (nav-item.module.css), or the row overflows (the
      // drawer's full-width links keep both).
      px={fullWidth ? undefined : 8}
      classNames={fullWidth ? undefined : { section: classes.barIcon }}
    >
      {children}
    </Button>
  );
}
