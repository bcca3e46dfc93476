import { Title } from '@mantine/core';

/** Modal child routes of later issues: their heading, under the parent page. */
export function PlaceholderModal({ title }: { title: string }) {
  return (
    <Title order={2} mt="lg" fz="h3">
      {title}
    </Title>
  );
}
