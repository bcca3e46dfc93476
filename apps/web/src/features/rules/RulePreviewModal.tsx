import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { RulePreview } from '@mindspend/api-contract';
import { toCents } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { queryClient } from '../../lib/query-client';
import { applyRule, previewRule } from './api';

interface RulePreviewModalProps {
  ruleId: number;
  sentence: string;
  onClose: () => void;
}

const plural = (count: number) => `${count} transaction${count === 1 ? '' : 's'}`;

/**
 * What applying a rule to the transactions already in the ledger would change, read before
 * anything changes; Apply then changes them all at once (docs/DECISIONS.md #52).
 */
export function RulePreviewModal({ ruleId, sentence, onClose }: RulePreviewModalProps) {
  const [preview, setPreview] = useState<RulePreview | null>(null);
  const [updated, setUpdated] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [applying, setApplying] = useState(false);
  const messagesOf = (failure: unknown) => (failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);

  useEffect(() => {
    let current = true;
    previewRule(ruleId).then(
      (answer) => current && setPreview(answer),
      (failure: unknown) => current && setErrors(messagesOf(failure)),
    );
    return () => {
      current = false;
    };
  }, [ruleId]);

  const apply = async () => {
    setApplying(true);
    setErrors([]);
    try {
      setUpdated((await applyRule(ruleId)).updated);
      // Every screen showing a transaction may show a changed one now.
      await queryClient.invalidateQueries();
    } catch (failure) {
      setErrors(messagesOf(failure));
    } finally {
      setApplying(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Apply to existing transactions" size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {sentence}
        </Text>
        {preview === null && errors.length === 0 && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">Looking through your transactions…</Text>
          </Group>
        )}
        {preview && updated === null && (
          <>
            <Text fw={600} data-testid="rule-preview-count">
              {preview.count === 0 ? 'Applies to no transactions: every one it matches is already set this way.' : `Applies to ${plural(preview.count)}`}
            </Text>
            {preview.sample.length > 0 && (
              <Table striped data-testid="rule-preview-sample">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Payee</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.sample.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>{row.date}</Table.Td>
                      <Table.Td>{row.payee ?? row.description ?? '—'}</Table.Td>
                      <Table.Td ta="right">
                        {row.type === 'income' ? '+' : '−'}
                        {formatAmount(toCents(row.amount))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {preview.count > preview.sample.length && (
              <Text size="sm" c="dimmed">
                and {plural(preview.count - preview.sample.length)} more.
              </Text>
            )}
          </>
        )}
        {updated !== null && (
          <Alert color="green" icon={<IconCheck size={18} />} data-testid="rule-applied">
            Updated {plural(updated)}.
          </Alert>
        )}
        <ErrorList messages={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {updated === null ? 'Cancel' : 'Close'}
          </Button>
          {updated === null && (
            <Button onClick={() => void apply()} loading={applying} disabled={!preview || preview.count === 0}>
              Apply
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
