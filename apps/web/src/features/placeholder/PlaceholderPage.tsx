import { Container, Title } from '@mantine/core';
import { Outlet } from 'react-router';

/** Screens of later issues: their route and guard exist, the page shows its heading. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{title}</Title>
      <Outlet />
    </Container>
  );
}
