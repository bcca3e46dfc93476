import type { ReactNode } from 'react';
import { Box, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface FeatureRowProps {
  icon: ReactNode;
  eyebrow: string;
  title: string;
  text: string;
  illustration: ReactNode;
  reverse?: boolean;
}

/** One feature: text beside its illustration, alternating sides. */
export function FeatureRow({ icon, eyebrow, title, text, illustration, reverse }: FeatureRowProps) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
      <Stack gap="sm" style={{ order: reverse ? 2 : 1 }}>
        <ThemeIcon size={44} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <Text tt="uppercase" fw={700} size="sm" c="teal" style={{ letterSpacing: 1 }}>
          {eyebrow}
        </Text>
        <Title order={2} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        <Text c="dimmed" fz="lg">
          {text}
        </Text>
      </Stack>
      <Box style={{ order: reverse ? 1 : 2 }}>{illustration}</Box>
    </SimpleGrid>
  );
}
