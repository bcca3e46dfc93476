import { Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import type { Transaction } from '@mindspend/api-contract';
import { emotionBreakdown } from '@mindspend/domain';
import { FeelingIcon, feelingColor } from '../transactions/FeelingIcon';

/** DECISIONS.md #6: the month's feelings as whole-number percentages with a small bar chart. */
export function EmotionBreakdown({ transactions }: { transactions: Transaction[] }) {
  const shares = emotionBreakdown(transactions.map((transaction) => transaction.emotion_names[0]));
  const tagged = shares.reduce((sum, share) => sum + share.count, 0);
  return (
    <Stack gap="xs" data-testid="emotion-breakdown">
      <Text size="sm" fw={600}>
        How spending felt
      </Text>
      <Progress.Root size={14} role="group" aria-label="Emotion breakdown">
        {shares
          .filter((share) => share.percent > 0)
          .map((share) => (
            <Tooltip key={share.feeling} label={`${share.label}: ${share.percent}%`}>
              <Progress.Section value={share.percent} color={feelingColor(share.feeling)} aria-label={share.label} />
            </Tooltip>
          ))}
      </Progress.Root>
      {tagged === 0 ? (
        <Text size="xs" c="dimmed">
          No feelings recorded this month.
        </Text>
      ) : (
        <Stack gap={4}>
          {shares.map((share) => (
            <Group key={share.feeling} justify="space-between" gap="xs" wrap="nowrap">
              <Group gap={6} wrap="nowrap">
                <FeelingIcon feeling={share.feeling} size={16} decorative />
                <Text size="xs">{share.label}</Text>
              </Group>
              <Text size="xs" fw={600} data-testid={`emotion-${share.feeling}`}>
                {share.percent}%
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
