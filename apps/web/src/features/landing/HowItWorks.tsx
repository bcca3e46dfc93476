import { Box, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCategory2, IconFileImport, IconPigMoney, IconRepeat } from '@tabler/icons-react';

const STEPS = [
  { Icon: IconFileImport, title: 'Import transactions', text: 'Bring in your bank transactions from a CSV or OFX file, or enter them by hand.' },
  { Icon: IconRepeat, title: 'Add recurring bills and income', text: 'Rent, subscriptions, paychecks: set them once and they repeat every month.' },
  { Icon: IconCategory2, title: 'Categorize transactions', text: 'Give each purchase a category, and note how it felt and what it was for.' },
  { Icon: IconPigMoney, title: 'Build budgets and save', text: 'Plan the month, watch your progress and keep what you did not need to spend.' },
] as const;

/** The four-step 'How it works' of spec §1. */
export function HowItWorks() {
  return (
    <Box bg="var(--mindspend-color-subtle)" py={{ base: 48, md: 80 }}>
      <Container size="lg">
        <Stack align="center" gap={6} mb={40}>
          <Title order={2} fz={{ base: 28, sm: 36 }}>
            How it works
          </Title>
          <Text c="dimmed" ta="center">
            Four steps from scattered statements to a plan you can follow.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {STEPS.map(({ Icon, title, text }, index) => (
            <Card key={title} radius="lg" p="lg" withBorder shadow="xs">
              <ThemeIcon size={48} radius="xl" variant="gradient" gradient={{ from: 'teal.6', to: 'cyan.6' }} mb="md">
                <Icon size={24} />
              </ThemeIcon>
              <Text size="sm" c="teal" fw={700}>
                Step {index + 1}
              </Text>
              <Text fw={700} fz="lg" mb={4}>
                {title}
              </Text>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
