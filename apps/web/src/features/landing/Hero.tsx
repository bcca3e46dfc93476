import { Suspense } from 'react';
import { Badge, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconHeartHandshake } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BudgetPreview } from './BudgetPreview';
import { useSignupNote } from './use-signup-note';

/** Headline, promise and the 'Join For Free' call to action (a note instead where sign-up is not open). */
export function Hero() {
  const signupNote = useSignupNote();
  return (
    <Box
      py={{ base: 48, md: 88 }}
      style={{
        background:
          'radial-gradient(1200px 500px at 85% -10%, var(--mantine-color-teal-light), transparent 60%), radial-gradient(900px 400px at -10% 110%, var(--mantine-color-cyan-light), transparent 60%)',
      }}
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={56} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Badge size="lg" variant="light" leftSection={<IconHeartHandshake size={14} />} w="fit-content">
              Budgeting that notices how spending feels
            </Badge>
            <Title order={1} fz={{ base: 38, sm: 52 }} lh={1.08} style={{ letterSpacing: -1 }}>
              Create budgets.{' '}
              <Text span inherit variant="gradient" gradient={{ from: 'teal.7', to: 'cyan.6', deg: 90 }}>
                Track your spending.
              </Text>
            </Title>
            <Text fz="lg" c="dimmed" maw={520}>
              Plan every month, see where your money goes across all your accounts, and tag each
              purchase with how it felt, so next month&apos;s budget fits your life.
            </Text>
            {signupNote ? <Text fw={600}>{signupNote}</Text> : null}
            <Group>
              {signupNote ? null : (
                <Button component={Link} to="/signup" size="lg" radius="xl" rightSection={<IconArrowRight size={18} />}>
                  Join For Free
                </Button>
              )}
              <Button component={Link} to="/login" size="lg" radius="xl" variant="default">
                Sign in
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              Free forever with manual entry. Transaction imports for $9.99/month.
            </Text>
          </Stack>
          {/* Hydrated apart from the words beside it (LandingPage.tsx). */}
          <Suspense>
            <BudgetPreview />
          </Suspense>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
