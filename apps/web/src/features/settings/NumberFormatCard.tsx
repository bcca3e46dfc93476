import { Card, Select, Stack, Text, Title } from '@mantine/core';
import { browserLocale } from '../../lib/number-format';
import { useNumberFormat } from '../../lib/use-number-format';
import { BROWSER_FORMAT, numberFormatChoices } from './number-formats';

/**
 * How amounts are typed (issue 27, DECISIONS.md #86): which character starts the decimals and
 * which groups digits. Kept on this device, like the appearance, and applied at once.
 */
export function NumberFormatCard() {
  const { choice, choose } = useNumberFormat();
  return (
    <Card withBorder radius="lg" p="lg" data-testid="number-format-setting">
      <Title order={2} fz="h4" mb="xs">
        Number format
      </Title>
      <Stack gap="sm">
        <Text size="sm" c="dimmed" id="number-format-hint">
          How you type amounts: with this format, an amount that could be read two ways is refused rather than guessed.
          Kept on this device.
        </Text>
        <Select
          label="Number format"
          aria-describedby="number-format-hint"
          data={numberFormatChoices(browserLocale(), choice)}
          value={choice ?? BROWSER_FORMAT}
          onChange={(value) => {
            if (value !== null) choose(value === BROWSER_FORMAT ? null : value);
          }}
          allowDeselect={false}
          maw={420}
        />
      </Stack>
    </Card>
  );
}
