// Loaded lazily by the navigation bar once someone is signed in, with the CSS of its menu.
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import { Box, Button, Menu } from '@mantine/core';
import {
  IconBuildingBank,
  IconChevronDown,
  IconLogout,
  IconSettings,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { logout } from '../lib/logout';

interface UserMenuProps {
  email: string;
  /**
   * Keep the button to its icons on every width: the navigation bar's book switcher needs the room
   * the address would take from 1408 px. The title and the menu's heading still show it.
   */
  iconOnly?: boolean;
}

/** The signed-in user's menu, headed by their e-mail (spec §2.1). */
export function UserMenu({ email, iconOnly = false }: UserMenuProps) {
  const navigate = useNavigate();
  const signOut = () => {
    void logout();
    void navigate('/login');
  };
  return (
    <Menu position="bottom-end" width={230} shadow="md" radius="md">
      <Menu.Target>
        <Button
          variant="default"
          radius="xl"
          leftSection={<IconUserCircle size={18} />}
          rightSection={<IconChevronDown size={14} />}
          data-testid="user-menu"
          aria-label={`Account menu of ${email}`}
          // The address shows from 1408 px; narrower, seven links, this menu and the notifications
          // bell share the row and the button keeps its icons. The title and the menu's heading
          // show the whole address, so a long one can still be read (issue 13).
          title={email}
          maw={210}
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
        >
          {iconOnly ? null : (
            <Box component="span" visibleFrom="xl" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {email}
            </Box>
          )}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label data-testid="user-menu-email" style={{ overflowWrap: 'anywhere' }}>
          {email}
        </Menu.Label>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          Account Settings
        </Menu.Item>
        <Menu.Item component={Link} to="/connected-institutions" leftSection={<IconBuildingBank size={16} />}>
          Connected Institutions
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
