import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { RegretWarningWire } from '@mindspend/api-contract';
import { REGRET_RADAR_BASIS_NOTE } from '@mindspend/domain';

/** The regret radar in Transaction Details (DECISIONS.md #57): the sentence, and what it counts. */
export function RegretRadarAlert({ warning }: { warning: RegretWarningWire }) {
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} title="Regret radar" data-testid="details-regret-warning">
      <Text size="sm">{warning.sentence}</Text>
      {/* Default text colour: 'dimmed' on the orange tint falls under 4.5:1. */}
      <Text size="xs">
        {REGRET_RADAR_BASIS_NOTE}
      </Text>
    </Alert>
  );
}
