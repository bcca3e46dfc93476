import { Button, Card, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Settings' way to the Rules screen (docs/DECISIONS.md #51), which lives on its own lazy route. */
export function RulesCard() {
  return (
    <Card withBorder radius="lg" p="lg" data-testid="rules-card">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div style={{ flex: 1, minWidth: 220 }}>
          <Title order={2} fz="h4" mb={6}>
            Categorization rules
          </Title>
          <Text size="sm" c="dimmed">
            Tell Mindspend how to categorize imported transactions: “anything from AMZN Mktp is Online Shopping, optional, no strong
            feelings”.
          </Text>
        </div>
        <Button component={Link} to="/settings/rules" variant="light">
          Manage rules
        </Button>
      </Group>
    </Card>
  );
}
