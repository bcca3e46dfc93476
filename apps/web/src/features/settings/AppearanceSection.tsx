import { Card, SegmentedControl, Text, Title, useMantineColorScheme } from '@mantine/core';
import { COLOR_SCHEME_CHOICES, isColorScheme } from '../../lib/color-scheme';

/** System / Light / Dark, kept on this device (DECISIONS.md #36); applies at once. */
export function AppearanceSection() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Card withBorder radius="lg" p="lg" data-testid="appearance-section">
      <Title order={2} fz="h4" mb={6} id="appearance-title">
        Appearance
      </Title>
      <Text size="sm" c="dimmed" mb="sm" id="appearance-hint">
        Kept on this device. System follows the light or dark setting of your phone or computer.
      </Text>
      <SegmentedControl
        aria-labelledby="appearance-title"
        aria-describedby="appearance-hint"
        data={COLOR_SCHEME_CHOICES}
        value={colorScheme}
        onChange={(value) => {
          if (isColorScheme(value)) setColorScheme(value);
        }}
        maw={360}
      />
    </Card>
  );
}
