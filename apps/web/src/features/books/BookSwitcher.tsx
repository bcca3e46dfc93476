// Loaded lazily by the navigation bar once someone is signed in, with the CSS of its menu.
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import { Badge, Box, Button, Menu, Text } from '@mantine/core';
import { IconBook2, IconCheck, IconChevronDown, IconSettings, IconUsers } from '@tabler/icons-react';
import type { Book } from '@mindspend/api-contract';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCurrentMonth } from '../../lib/current-month';
import { currentBookOf, pathAfterSwitch, roleName, switchBook, useBooks, useChosenBookId } from './api';

export interface BookSwitcherProps {
  /** Called after a choice, e.g. to close the drawer the switcher sits in. */
  onDone?: () => void;
}

/** What a book is, under its name in the list: personal, or shared and with how many. */
function bookDescription(book: Book): string {
  if (book.personal) return 'Your personal book';
  const count = book.members.length;
  return `Shared book · ${count} ${count === 1 ? 'member' : 'members'}`;
}

/**
 * The book switcher of the navigation bar (issue 25): the name of the book this tab acts in, and
 * the person's books to switch to. A switch starts every screen over in the chosen book.
 */
export function BookSwitcher({ onDone }: BookSwitcherProps) {
  const books = useBooks();
  const chosenId = useChosenBookId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { month } = useCurrentMonth();
  const list = books.data ?? [];
  const current = currentBookOf(list, chosenId);
  const name = current?.name ?? 'Books';

  const choose = (book: Book) => {
    onDone?.();
    switchBook(book);
    const next = pathAfterSwitch(pathname, month);
    if (next !== null) void navigate(next);
  };

  return (
    // No focus placeholder: Mantine's is a role=presentation child of role=menu, which the ARIA
    // menu pattern does not allow (axe: aria-required-children); focus goes to the book in use.
    <Menu position="bottom-start" width={280} shadow="md" radius="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="light"
          color={current && !current.personal ? 'grape' : 'gray'}
          radius="xl"
          size="sm"
          px="xs"
          leftSection={current && !current.personal ? <IconUsers size={16} /> : <IconBook2 size={16} />}
          rightSection={<IconChevronDown size={14} />}
          data-testid="book-switcher"
          aria-label={`Book: ${name}. Switch book`}
          title={`Book: ${name}`}
          maw={{ base: 180, xs: 220, lg: 160 }}
          styles={{ label: { overflow: 'hidden' } }}
        >
          <Box component="span" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {name}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="book-list">
        <Menu.Label>Your books</Menu.Label>
        {books.isError && (
          <Text size="sm" c="red" px="sm" py={6}>
            Your books could not be loaded.
          </Text>
        )}
        {books.isPending && (
          <Text size="sm" c="dimmed" px="sm" py={6}>
            Loading your books…
          </Text>
        )}
        {list.map((book) => (
          <Menu.RadioItem
            key={book.id}
            value={String(book.id)}
            checked={book.id === current?.id}
            // Opening the menu puts the focus on the book in use, not on the first one.
            data-autofocus={book.id === current?.id ? true : undefined}
            onChange={() => choose(book)}
            closeMenuOnClick
            checkIcon={<IconCheck size={16} />}
            rightSection={
              book.role === 'owner' ? null : (
                <Badge size="sm" variant="light" color={book.role === 'viewer' ? 'gray' : 'blue'}>
                  {roleName(book.role)}
                </Badge>
              )
            }
          >
            <Text size="sm" fw={book.id === current?.id ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
              {book.name}
            </Text>
            {/* Not dimmed: on the highlighted row of the dark scheme, dimmed text falls under 4.5:1. */}
            <Text size="xs">
              {bookDescription(book)}
            </Text>
          </Menu.RadioItem>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to="/settings#books" leftSection={<IconSettings size={16} />} onClick={onDone}>
          Manage books
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
