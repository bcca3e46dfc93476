import { Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useSession } from '../../lib/use-session';
import { ContactForm } from './ContactForm';

/** Contact / support form (spec §2.2); visitors also give their e-mail. */
export function ContactPage() {
  const { token } = useSession();
  return (
    <Container size={620} py="xl">
      <Paper withBorder radius="lg" p="xl" shadow="sm">
        <Stack gap="lg">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={44} radius="xl" variant="light">
              <IconMessageCircle size={24} />
            </ThemeIcon>
            <div>
              <Title order={1} fz="h2">
                Contact Support
              </Title>
              <Text c="dimmed" size="sm">
                Questions, ideas or problems? We read every message.
              </Text>
            </div>
          </Group>
          <ContactForm signedIn={Boolean(token)} />
        </Stack>
      </Paper>
    </Container>
  );
}
