import { useState } from 'react';
import { Alert, Box, Button, Card, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconTarget } from '@tabler/icons-react';
import type { PurposeMonth } from '@mindspend/api-contract';
import { PURPOSE_LABELS, monthName, toCents, type YearMonth } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import { usePurposeMonth, usePurposeTargets } from './api';
import { PurposeTargetsModal } from './PurposeTargetsModal';

/** Within a point of the target counts as on target. */
const SLACK = 1;

function PurposeBar({ line }: { line: PurposeMonth[number] }) {
  const target = line.target_percent;
  const over = target !== null && line.percent > target + SLACK;
  return (
    <Stack gap={4} data-testid={`purpose-${line.purpose}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600}>
          {PURPOSE_LABELS[line.purpose]}
        </Text>
        <Text size="sm" c="dimmed" ta="right">
          {formatAmount(toCents(line.spent))} · {line.percent}%{target !== null ? ` of ${target}% target` : ''}
        </Text>
      </Group>
      <Box pos="relative">
        <Progress
          value={Math.min(line.percent, 100)}
          color={over ? 'orange' : 'teal'}
          size="lg"
          radius="sm"
          aria-label={`${PURPOSE_LABELS[line.purpose]}: ${line.percent}% of spending${target !== null ? `, target ${target}%` : ''}`}
        />
        {target !== null ? (
          // The target as a mark across the bar: how far there is to go, or how far past it.
          <Box pos="absolute" top={-3} bottom={-3} w={2} bg="dark.6" style={{ left: `calc(${target}% - 1px)`, borderRadius: 1 }} aria-hidden />
        ) : null}
      </Box>
    </Stack>
  );
}

/** The month's spending per purpose (kakeibo's four pillars) against the person's targets, or an invitation to set them. */
export function PurposeTargetsCard({ month }: { month: YearMonth }) {
  const targets = usePurposeTargets();
  const figures = usePurposeMonth(month);
  const [editing, setEditing] = useState(false);
  const lines = figures.data ?? [];
  const withPurpose = lines.reduce((sum, line) => sum + line.percent, 0);
  const untagged = Math.round((100 - withPurpose) * 10) / 10;

  return (
    <Card withBorder radius="lg" p="lg" data-testid="purpose-targets" component="section" aria-label="Purposes this month">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="h4">
            Purposes in {monthName(month.month)}
          </Title>
          {targets.data?.targets ? (
            <Button size="xs" variant="subtle" onClick={() => setEditing(true)}>
              Edit targets
            </Button>
          ) : null}
        </Group>
        {targets.data && !targets.data.targets ? (
          <Alert color="grape" variant="light" icon={<IconTarget />} data-testid="targets-invitation">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                Give each purpose a monthly share of your spending — survival, optional, culture, unexpected — and see how
                the month measures up.
              </Text>
              <Button size="xs" color="grape" onClick={() => setEditing(true)}>
                Set targets
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {figures.data ? lines.map((line) => <PurposeBar key={line.purpose} line={line} />) : <Skeleton h={160} />}
        {withPurpose > 0 && untagged >= 0.1 ? (
          <Text size="xs" c="dimmed">
            {untagged}% of this month’s spending has no purpose yet: give expenses one in the ledger.
          </Text>
        ) : null}
        {figures.data && withPurpose === 0 ? (
          <Text size="xs" c="dimmed">
            No spending with a purpose this month yet.
          </Text>
        ) : null}
      </Stack>
      {editing && targets.data ? <PurposeTargetsModal current={targets.data} onClose={() => setEditing(false)} /> : null}
    </Card>
  );
}
