import { Button, Group, Paper, Text } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { type Feeling, type Purpose, PURPOSE_LABELS, suggestionLabel } from '@mindspend/domain';
import { useFeelingSuggestion } from './api';
import { feelingLabel } from './feelings';

interface FeelingSuggestionProps {
  entityId: number | null;
  subcategoryId: number | null;
  /** What the form holds now: a suggestion fills only what is still empty. */
  feeling: Feeling | null;
  purpose: Purpose | null;
  /** Whether to offer the purpose too (the Emotions flow sets only a feeling). */
  withPurpose?: boolean;
  onUse: (choice: { feeling: Feeling | null; purpose: Purpose | null }) => void;
}

/**
 * A suggested feeling and purpose from the person's own history (DECISIONS.md #46), labelled as a
 * suggestion; 'Use suggestion' fills the empty fields, and nothing is saved until the form is.
 */
export function FeelingSuggestion({ entityId, subcategoryId, feeling, purpose, withPurpose = true, onUse }: FeelingSuggestionProps) {
  const wanted = feeling === null || (withPurpose && purpose === null);
  const suggestion = useFeelingSuggestion(entityId, subcategoryId, wanted);
  const data = suggestion.data;
  if (!wanted || !data || data.based_on === 0) return null;
  const newFeeling = feeling === null ? data.feeling : null;
  const newPurpose = withPurpose && purpose === null ? data.purpose : null;
  if (newFeeling === null && newPurpose === null) return null;
  const parts = [newFeeling ? feelingLabel(newFeeling) : null, newPurpose ? PURPOSE_LABELS[newPurpose] : null].filter(Boolean);
  const where = data.source === 'payee' ? 'at this payee' : 'in this sub-category';

  return (
    <Paper withBorder radius="md" p="xs" bg="yellow.0" data-testid="feeling-suggestion">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap={8} wrap="nowrap">
          <IconBulb size={18} color="var(--mantine-color-yellow-8)" aria-hidden />
          <div>
            <Text size="sm" fw={600}>
              {parts.join(' · ')}
            </Text>
            <Text size="xs" c="dimmed">
              {suggestionLabel(data.based_on, where)}
            </Text>
          </div>
        </Group>
        <Button size="xs" variant="default" onClick={() => onUse({ feeling: feeling ?? newFeeling, purpose: purpose ?? newPurpose })}>
          Use suggestion
        </Button>
      </Group>
    </Paper>
  );
}
