import { useState } from 'react';
import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PurposeTargetsResponse } from '@mindspend/api-contract';
import { PURPOSE_LABELS, PURPOSE_VALUES, type Purpose, type PurposeTargets, purposeTargetProblems, targetsTotal } from '@mindspend/domain';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { numberOrEmpty } from '../../lib/number-input';
import { invalidatePurposes, saveTargets } from './api';

const HINTS: Record<Purpose, string> = {
  survival: 'Food, housing, bills, transport',
  optional: 'Eating out, shopping, treats',
  culture: 'Books, music, films, courses',
  unexpected: 'Repairs, gifts, doctor',
};

type Draft = Record<Purpose, number | ''>;

/**
 * Setting the four targets (DECISIONS.md #45). A first-timer starts from the suggested shares,
 * labelled as such; nothing is stored until Save, and Save waits for a total of 100 %.
 */
export function PurposeTargetsModal({ current, onClose }: { current: PurposeTargetsResponse; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(current.targets ?? current.suggested);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const filled = PURPOSE_VALUES.every((purpose) => draft[purpose] !== '');
  const total = filled ? targetsTotal(draft as PurposeTargets) : null;
  const problems = filled ? purposeTargetProblems(draft as PurposeTargets) : ['Give each purpose a target (0 is fine).'];

  const save = async () => {
    if (problems.length > 0) return;
    setBusy(true);
    setErrors([]);
    try {
      await saveTargets(draft as PurposeTargets);
      await invalidatePurposes();
      onClose();
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]);
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Purpose targets" size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {current.targets
            ? 'What share of each month’s spending should go to each purpose?'
            : 'A suggested starting point: half for survival, a bit under a third for optional, a tenth each for culture and the unexpected. Change any of them — they only need to add up to 100%.'}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {PURPOSE_VALUES.map((purpose) => (
            <NumberInput
              key={purpose}
              label={PURPOSE_LABELS[purpose]}
              description={HINTS[purpose]}
              suffix="%"
              min={0}
              max={100}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              value={draft[purpose]}
              onChange={(value) => setDraft((was) => ({ ...was, [purpose]: numberOrEmpty(value) }))}
            />
          ))}
        </SimpleGrid>
        <Text size="sm" fw={600} c={total === 100 ? 'teal' : 'orange'} data-testid="targets-total">
          Total: {total ?? '—'}%{total === 100 ? '' : ' (must be 100%)'}
        </Text>
        <ErrorList messages={errors.length > 0 ? errors : total !== null && total !== 100 ? problems : []} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={problems.length > 0} loading={busy}>
            Save targets
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
