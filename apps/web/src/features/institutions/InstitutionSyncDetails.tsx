import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLogin2, IconRefresh } from '@tabler/icons-react';
import type { Institution } from './api';

/** 'Nov 23, 2026, 3:07 AM', or 'Never' before the first sync. */
export function syncedText(iso: string | null): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return 'Never';
  return date.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

export const PROVIDER_NAMES: Record<Institution['provider'], string> = { plaid: 'Plaid', simplefin: 'SimpleFIN', enable_banking: 'Enable Banking' };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The last sync's result in words (DECISIONS.md #106): rows added, or what went wrong. */
export function lastSyncResult(institution: Institution): string | null {
  const sync = institution.last_sync;
  if (!sync) return null;
  if (sync.error !== null) return `Failed ${syncedText(sync.at)}: ${sync.error}`;
  return `Checked ${syncedText(sync.at)}: ${sync.added === 0 ? 'nothing new' : `${plural(sync.added ?? 0, 'transaction')} added`}`;
}

/** When the schedule takes the link up next; a link needing a sign-in waits for it. */
export function nextSyncText(institution: Institution): string {
  if (institution.status === 'relink_required') return 'Next sync: after you link it again';
  if (institution.next_sync_at === null) return 'Next sync: in the next few minutes';
  return `Next sync: ${syncedText(institution.next_sync_at)}`;
}

/** Last success, the last attempt's result, and the next scheduled sync. */
export function SyncSummary({ institution }: { institution: Institution }) {
  const result = lastSyncResult(institution);
  const failed = institution.last_sync?.error != null;
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {syncedText(institution.last_synced_at)}
      </Text>
      {result ? (
        <Text size="xs" c={failed ? 'red' : 'dimmed'} data-testid="last-sync-result">
          {result}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed" data-testid="next-sync">
        {nextSyncText(institution)}
      </Text>
    </Stack>
  );
}

/** A badge is never cut to "CONNEC…" by a narrow column: its whole label is its narrowest. */
const FULL_WIDTH_BADGE = { root: { minWidth: 'max-content' } };

interface StatusProps {
  institution: Institution;
  relinkBusy: boolean;
  relinkDisabled: boolean;
  onRelink?: (id: number) => void;
}

/** Connected, or "re-link needed": Plaid's Link signs in again in place; SimpleFIN needs a new setup token. */
export function LinkStatus({ institution, relinkBusy, relinkDisabled, onRelink }: StatusProps) {
  const via = (
    <Text size="xs" c="dimmed">
      via {PROVIDER_NAMES[institution.provider]}
    </Text>
  );
  if (institution.status === 'connected')
    return (
      <Stack gap={2} align="flex-start">
        <Badge color="teal" variant="light" styles={FULL_WIDTH_BADGE}>
          Connected
        </Badge>
        {via}
      </Stack>
    );
  return (
    <Stack gap={4} align="flex-start">
      <Badge color="orange" variant="light" styles={FULL_WIDTH_BADGE} leftSection={<IconAlertTriangle size={12} />}>
        Re-link needed
      </Badge>
      {institution.provider === 'plaid' ? (
        <Button size="xs" variant="light" color="orange" leftSection={<IconLogin2 size={14} />} loading={relinkBusy} disabled={relinkDisabled} onClick={() => onRelink?.(institution.id)}>
          Sign in again
        </Button>
      ) : (
        <Text size="xs" c="dimmed" maw={220}>
          The Bridge ended this access: make a new setup token and link again with it.
        </Text>
      )}
      {via}
    </Stack>
  );
}

/** What the provider asks to show (the Bridge's errors, Plaid's expiring consent). */
export function LinkNotices({ notices }: { notices: string[] }) {
  if (notices.length === 0) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="institution-notices">
      <IconAlertTriangle size={16} color="var(--mantine-color-yellow-filled)" style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
      <List size="xs" spacing={2} listStyleType="none">
        {notices.map((notice) => (
          <List.Item key={notice}>{notice}</List.Item>
        ))}
      </List>
    </Group>
  );
}

/** "Sync now": this link alone, through the same path as the schedule. */
export function SyncNowButton({ institution, busy, disabled, onSync }: { institution: Institution; busy: boolean; disabled: boolean; onSync: (id: number) => void }) {
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconRefresh size={14} />}
      loading={busy}
      disabled={disabled || institution.status !== 'connected'}
      onClick={() => onSync(institution.id)}
      aria-label={`Sync now: ${institution.name}`}
    >
      Sync now
    </Button>
  );
}
