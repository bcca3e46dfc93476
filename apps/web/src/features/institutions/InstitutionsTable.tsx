import { ActionIcon, Badge, Button, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconLogin2, IconTrash } from '@tabler/icons-react';
import { ConfirmRemove } from '../../components/ConfirmRemove';
import { ErrorList } from '../../components/ErrorList';
import { useRemoval } from '../../lib/use-removal';
import { deleteInstitution, invalidateInstitutions, type Institution } from './api';
import type { LinkBusy } from './use-link-flow';

export const NO_INSTITUTIONS =
  'You have no connected banks or credit cards, click connect below to connect one now.';

/** 'Nov 23, 2026, 3:07 AM', or 'Never' before the first sync. */
export function syncedText(iso: string | null): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return 'Never';
  return date.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

interface InstitutionsTableProps {
  institutions: Institution[];
  linkBusy?: LinkBusy;
  onRelink?: (id: number) => void;
}

/** Linked banks with their account counts, status and last sync, or the empty text of spec §2.2. */
export function InstitutionsTable({ institutions, linkBusy = null, onRelink }: InstitutionsTableProps) {
  const { removing, setRemoving, busy, errors, remove } = useRemoval(async (institution: Institution) => {
    await deleteInstitution(institution.id);
    await invalidateInstitutions();
  });

  return (
    <>
      <ErrorList messages={errors} />
      {removing ? (
        <ConfirmRemove
          message={`Disconnect ${removing.name}? Mindspend stops importing from it; its accounts and their transactions stay in your ledger.`}
          busy={busy}
          onConfirm={() => void remove(removing)}
          onKeep={() => setRemoving(null)}
        />
      ) : null}
      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label="Connected institutions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Bank Name</Table.Th>
              <Table.Th ta="right">No.of accounts</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Last synced</Table.Th>
              <Table.Th w={50}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {institutions.map((institution) => (
              <Table.Tr key={institution.id} data-testid="institution-row">
                <Table.Td fw={600}>{institution.name}</Table.Td>
                <Table.Td ta="right">{institution.account_count}</Table.Td>
                <Table.Td>
                  {institution.status === 'relink_required' ? (
                    <Button
                      size="xs"
                      variant="light"
                      color="orange"
                      leftSection={<IconLogin2 size={14} />}
                      loading={linkBusy?.kind === 'relink' && linkBusy.id === institution.id}
                      disabled={linkBusy !== null}
                      onClick={() => onRelink?.(institution.id)}
                    >
                      Sign in again
                    </Button>
                  ) : (
                    <Badge color="teal" variant="light">
                      Connected
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {syncedText(institution.last_synced_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end" wrap="nowrap">
                    <Tooltip label="Remove">
                      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${institution.name}`} onClick={() => setRemoving(institution)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {institutions.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" data-testid="institutions-empty">
          {NO_INSTITUTIONS}
        </Text>
      ) : null}
    </>
  );
}
