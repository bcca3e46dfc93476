import { Alert, Button, Group, Radio, Stack, Table, Text } from '@mantine/core';
import type { ImportQuestionWire } from '@mindspend/api-contract';
import type { ImportAnswer } from '@mindspend/domain';
import { IconQuestionMark } from '@tabler/icons-react';
import { useState } from 'react';
import { formatAmountIn } from '../../lib/money';

interface Props {
  question: ImportQuestionWire;
  /** The account's currency, which the preview's amounts are in. */
  currency: string | null;
  busy: boolean;
  onAnswer: (answer: ImportAnswer) => void;
}

/**
 * The one question an import asks when the file's own evidence disagrees (DECISIONS.md #95):
 * which way its amounts go, or which way its dates read. Each answer shows the rows it is about
 * read that way; the suggestion is chosen to start with, and the person decides. Nothing was
 * imported until they do.
 */
export function ImportQuestionForm({ question, currency, busy, onAnswer }: Props) {
  const [chosen, setChosen] = useState<ImportAnswer>(question.suggested);
  return (
    <Stack gap="sm" data-testid="import-question">
      <Alert color="blue" variant="light" icon={<IconQuestionMark />} py="xs">
        <Text size="sm">{question.text}</Text>
        <Text size="sm" mt={4}>
          Nothing has been imported yet. The account remembers your answer for its next file.
        </Text>
      </Alert>
      <Radio.Group value={chosen} onChange={(value) => setChosen(value as ImportAnswer)} aria-label="How to read this file">
        <Stack gap="sm">
          {question.options.map((option) => (
            <Stack key={option.value} gap={4} data-testid={`import-answer-${option.value}`}>
              <Radio
                value={option.value}
                disabled={busy}
                label={option.value === question.suggested ? `${option.label} (suggested)` : option.label}
              />
              <Table withTableBorder fz="xs" ml="xl" w="auto">
                <Table.Tbody>
                  {option.preview.map((row) => (
                    <Table.Tr key={row.line}>
                      <Table.Td c="dimmed">Line {row.line}</Table.Td>
                      <Table.Td>{row.date}</Table.Td>
                      <Table.Td>{row.payee === '' ? '(no payee)' : row.payee}</Table.Td>
                      <Table.Td ta="right" c={row.type === 'expense' ? undefined : 'teal'}>
                        {row.type === 'expense' ? '-' : '+'}
                        {formatAmountIn(Math.round(row.amount * 100), currency)}
                      </Table.Td>
                      <Table.Td c="dimmed">{row.type === 'expense' ? 'money out' : 'money in'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          ))}
        </Stack>
      </Radio.Group>
      <Group justify="flex-end">
        <Button onClick={() => onAnswer(chosen)} disabled={busy}>
          Import with this answer
        </Button>
      </Group>
    </Stack>
  );
}
