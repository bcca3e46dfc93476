import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Brand } from '../../components/Brand';

/** Footer with the current copyright year. */
export function LandingFooter() {
  const year = new Date().getFullYear();
  return (
    <footer style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="lg" py="xl">
        <Group justify="space-between">
          <Brand compact />
          <Group gap="lg">
            <Anchor component={Link} to="/terms" c="dimmed" size="sm">
              Terms and Conditions
            </Anchor>
            <Anchor component={Link} to="/contact" c="dimmed" size="sm">
              Contact
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed" data-testid="copyright">
            © {year} Mindspend. All rights reserved.
          </Text>
        </Group>
      </Container>
    </footer>
  );
}
