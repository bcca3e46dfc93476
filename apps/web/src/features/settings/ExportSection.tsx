import { useState } from 'react';
import { Alert, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconDownload, IconUpload } from '@tabler/icons-react';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { downloadRoute } from '../../lib/api-routes';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { queryClient } from '../../lib/query-client';
import { BACKUP_ACCEPT, restoredSummary, sendBackup } from './backup-file';

type Busy = 'csv' | 'zip' | 'restore' | null;

const messagesOf = (failure: unknown) =>
  failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR];

/**
 * Export every transaction as CSV, the whole account with its attached files as a zip, and restore
 * such a zip — or an older .json backup — into an empty account (DECISIONS.md #113).
 */
export function ExportSection() {
  const [busy, setBusy] = useState<Busy>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);

  const download = async (kind: 'csv' | 'zip') => {
    setBusy(kind);
    setErrors([]);
    setDone(null);
    try {
      if (kind === 'csv') await downloadRoute('exportTransactionsCsv', 'mindspend-transactions.csv');
      else await downloadRoute('exportBackupZip', 'mindspend-backup.zip');
    } catch (failure) {
      setErrors(messagesOf(failure));
    } finally {
      setBusy(null);
    }
  };

  const restore = async (file: File | null) => {
    if (!file) return;
    setBusy('restore');
    setErrors([]);
    setDone(null);
    try {
      const answer = await sendBackup(file);
      if (typeof answer === 'string') {
        setErrors([answer]);
        return;
      }
      // Everything on every screen changed: read it all again.
      await queryClient.invalidateQueries();
      setDone(`${answer.message} ${restoredSummary(answer.counts)}`);
    } catch (failure) {
      setErrors(messagesOf(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card withBorder radius="lg" p="lg" data-testid="export-section">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4">
            Export and backup
          </Title>
          <Text size="sm" c="dimmed">
            Take your data with you: every transaction as a spreadsheet, or the whole account with its
            receipts and documents as one backup zip that Mindspend can restore into a new, empty account.
            Older .json backups restore too.
          </Text>
        </div>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={busy === 'csv'}
            disabled={busy !== null && busy !== 'csv'}
            onClick={() => void download('csv')}
          >
            Download transactions (CSV)
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={busy === 'zip'}
            disabled={busy !== null && busy !== 'zip'}
            onClick={() => void download('zip')}
          >
            Download backup (zip)
          </Button>
          <FileButton onChange={(file) => void restore(file)} accept={BACKUP_ACCEPT}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconUpload size={16} />}
                loading={busy === 'restore'}
                disabled={busy !== null && busy !== 'restore'}
              >
                Restore from backup
              </Button>
            )}
          </FileButton>
        </Group>
        <Text size="xs" c="dimmed">
          A backup can only be restored into an account that has no accounts, payees, transactions, budgets,
          income sources, goals or rules yet.
        </Text>
        <ErrorList messages={errors} />
        {done ? (
          <Alert color="teal" variant="light" icon={<IconCheck />} role="status" data-testid="restore-done">
            {done}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
