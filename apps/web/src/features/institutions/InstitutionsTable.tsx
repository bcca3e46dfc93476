import { ActionIcon, Card, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { ConfirmRemove } from '../../components/ConfirmRemove';
import { ErrorList } from '../../components/ErrorList';
import { useRemoval } from '../../lib/use-removal';
import { deleteInstitution, invalidateInstitutions, type Institution } from './api';
import { LinkNotices, LinkStatus, SyncNowButton, SyncSummary } from './InstitutionSyncDetails';
import type { LinkBusy } from './use-link-flow';

export const NO_INSTITUTIONS =
  'You have no connected banks or credit cards, click connect below to connect one now.';

interface InstitutionsTableProps {
  institutions: Institution[];
  linkBusy?: LinkBusy;
  onRelink?: (id: number) => void;
  /** The link "Sync now" runs for, 'all' while every bank imports; null when idle. */
  syncBusy?: 'all' | number | null;
  onSyncNow?: (id: number) => void;
}

/**
 * Linked banks (spec §2.2, DECISIONS.md #106): each with its accounts, status, provider, last sync
 * and its result, the next scheduled sync, the provider's notices, and "Sync now". A table on wide
 * screens; on a phone, a card per bank.
 */
export function InstitutionsTable({ institutions, linkBusy = null, onRelink, syncBusy = null, onSyncNow }: InstitutionsTableProps) {
  const phone = useMediaQuery('(max-width: 600px)') ?? false;
  const { removing, setRemoving, busy, errors, remove } = useRemoval(async (institution: Institution) => {
    await deleteInstitution(institution.id);
    await invalidateInstitutions();
  });
  const parts = (institution: Institution) => ({
    status: (
      <LinkStatus
        institution={institution}
        relinkBusy={linkBusy?.kind === 'relink' && linkBusy.id === institution.id}
        relinkDisabled={linkBusy !== null}
        onRelink={onRelink}
      />
    ),
    actions: (
      <Group justify="flex-end" wrap="nowrap" gap="xs">
        {onSyncNow ? (
          <SyncNowButton institution={institution} busy={syncBusy === institution.id} disabled={syncBusy !== null || linkBusy !== null} onSync={onSyncNow} />
        ) : null}
        <Tooltip label="Remove">
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${institution.name}`} onClick={() => setRemoving(institution)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
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
      {phone ? (
        <Stack gap="sm" role="list" aria-label="Connected institutions">
          {institutions.map((institution) => {
            const { status, actions } = parts(institution);
            return (
              <Card key={institution.id} withBorder radius="md" p="sm" role="listitem" data-testid="institution-row">
                <Stack gap="xs">
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <div>
                      <Text fw={600}>{institution.name}</Text>
                      <Text size="xs" c="dimmed">
                        {institution.account_count} {institution.account_count === 1 ? 'account' : 'accounts'}
                      </Text>
                    </div>
                    {status}
                  </Group>
                  <div>
                    <Text size="xs" c="dimmed">
                      Last synced
                    </Text>
                    <SyncSummary institution={institution} />
                  </div>
                  {actions}
                  <LinkNotices notices={institution.notices} />
                </Stack>
              </Card>
            );
          })}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table highlightOnHover verticalSpacing="sm" aria-label="Connected institutions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Bank Name</Table.Th>
                <Table.Th ta="right">No.of accounts</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Last synced</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            {institutions.map((institution) => {
              const { status, actions } = parts(institution);
              return (
                // One body per bank: its row, and its notices spanning the row beneath.
                <Table.Tbody key={institution.id}>
                  <Table.Tr data-testid="institution-row">
                    <Table.Td fw={600}>{institution.name}</Table.Td>
                    <Table.Td ta="right">{institution.account_count}</Table.Td>
                    <Table.Td>{status}</Table.Td>
                    <Table.Td>
                      <SyncSummary institution={institution} />
                    </Table.Td>
                    <Table.Td>{actions}</Table.Td>
                  </Table.Tr>
                  {institution.notices.length > 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={5} pt={0}>
                        <LinkNotices notices={institution.notices} />
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Table.Tbody>
              );
            })}
          </Table>
        </Table.ScrollContainer>
      )}
      {institutions.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" data-testid="institutions-empty">
          {NO_INSTITUTIONS}
        </Text>
      ) : null}
    </>
  );
}
