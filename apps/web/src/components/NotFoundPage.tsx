import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Shown for any path outside the route table. */
export function NotFoundPage() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">The page you are looking for does not exist.</Text>
        <Button component={Link} to="/">
          Go home
        </Button>
      </Stack>
    </Container>
  );
}
