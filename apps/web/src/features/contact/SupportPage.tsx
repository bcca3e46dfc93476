import { Anchor, Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLifebuoy, IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from './api';

/** Static support information (spec §2.1 /support) with the support address. */
export function SupportPage() {
  return (
    <Container size={620} py="xl">
      <Paper withBorder radius="lg" p="xl" shadow="sm">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconLifebuoy size={34} />
          </ThemeIcon>
          <Title order={1} fz="h2">
            Support
          </Title>
          <Text c="dimmed">Need help with Mindspend? E-mail us and we will get back to you.</Text>
          <Anchor href={`mailto:${SUPPORT_EMAIL}`} fw={700} fz="lg">
            <IconMail size={18} style={{ verticalAlign: 'middle', marginRight: 6 }} />
            {SUPPORT_EMAIL}
          </Anchor>
          <Button component={Link} to="/contact" variant="light">
            Use the contact form
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
