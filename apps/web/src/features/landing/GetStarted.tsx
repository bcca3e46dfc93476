import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSignupNote } from './use-signup-note';

/** The closing 'Get started today' call to action; where sign-up is not open, a note and Sign in. */
export function GetStarted() {
  const signupNote = useSignupNote();
  return (
    <Container size="lg" py={{ base: 48, md: 80 }}>
      <Paper
        radius="xl"
        p={{ base: 'xl', md: 56 }}
        style={{ background: 'linear-gradient(135deg, var(--mantine-color-teal-9), var(--mantine-color-cyan-9))' }}
      >
        <Stack align="center" gap="md" ta="center">
          <Title order={2} c="white" fz={{ base: 28, sm: 38 }}>
            Get started today
          </Title>
          <Text c="white" opacity={0.9} maw={560} fz="lg">
            Create your first budget in minutes. It is free, and you can upgrade to transaction
            imports whenever you like.
          </Text>
          {signupNote ? (
            <>
              <Text c="white" fw={600}>
                {signupNote}
              </Text>
              <Button component={Link} to="/login" size="lg" radius="xl" variant="white" color="teal">
                Sign in
              </Button>
            </>
          ) : (
            <Button component={Link} to="/signup" size="lg" radius="xl" variant="white" color="teal" rightSection={<IconArrowRight size={18} />}>
              Join For Free
            </Button>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
