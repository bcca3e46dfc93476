import type { ReactNode } from 'react';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}

/** The centred card every sign-in, sign-up and password screen sits in. */
export function AuthCard({ title, subtitle, children, width = 440 }: AuthCardProps) {
  return (
    <Container size={width} py={48}>
      <Stack gap={6} mb="lg" align="center">
        <Title order={1} fz={28} ta="center">
          {title}
        </Title>
        {subtitle ? (
          <Text c="dimmed" ta="center">
            {subtitle}
          </Text>
        ) : null}
      </Stack>
      <Paper withBorder shadow="sm" p="xl" radius="lg">
        {children}
      </Paper>
    </Container>
  );
}
