import { useEffect, useRef, useState } from 'react';
import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Book } from '@mindspend/api-contract';
import { useLocation } from 'react-router';
import { ErrorList } from '../../components/ErrorList';
import { BookCard } from './BookCard';
import { CreateBookForm } from './CreateBookForm';
import { DeleteBookModal } from './DeleteBookModal';
import { RenameBookModal } from './RenameBookModal';
import { currentBookOf, switchBook, useBooks, useChosenBookId } from './api';

type Pending = { kind: 'rename' | 'delete'; book: Book } | null;

/**
 * Settings → Books (issue 25): the person's books with their members and roles, a new shared book,
 * and renaming or deleting the books they own. /settings#books (the switcher's 'Manage books')
 * scrolls here.
 */
export function BooksSection({ userId }: { userId: number }) {
  const books = useBooks({ fresh: true });
  const chosenId = useChosenBookId();
  const [pending, setPending] = useState<Pending>(null);
  const { hash } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const list = books.data ?? [];
  const current = currentBookOf(list, chosenId);

  // After the layout's scroll to the top of a newly opened page (a parent's effect runs after this
  // one), and again once the books have loaded and the section has its height.
  useEffect(() => {
    if (hash !== '#books') return undefined;
    const frame = requestAnimationFrame(() => ref.current?.scrollIntoView?.({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [hash, books.isSuccess]);

  return (
    // The scroll margin keeps the section's title clear of the sticky navigation bar.
    <Card withBorder radius="lg" p="lg" id="books" ref={ref} data-testid="books-section" style={{ scrollMarginTop: 88 }}>
      <Title order={2} fz="h4" mb={6}>
        Books
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A book holds accounts, transactions, budgets, income and goals. Your personal book is yours alone; a shared book
        is kept together with others. The book button at the top of every page switches between them.
      </Text>
      <Stack gap="sm">
        {books.isPending && <Skeleton h={96} radius="md" />}
        {books.isError && <ErrorList messages={['Your books could not be loaded. Please reload the page.']} />}
        {list.map((book) => (
          <BookCard
            key={book.id}
            book={book}
            current={book.id === current?.id}
            userId={userId}
            onSwitch={() => switchBook(book)}
            onRename={() => setPending({ kind: 'rename', book })}
            onDelete={() => setPending({ kind: 'delete', book })}
          />
        ))}
        <CreateBookForm />
      </Stack>
      {pending?.kind === 'rename' && <RenameBookModal book={pending.book} onClose={() => setPending(null)} />}
      {pending?.kind === 'delete' && (
        <DeleteBookModal book={pending.book} current={pending.book.id === current?.id} onClose={() => setPending(null)} />
      )}
    </Card>
  );
}
