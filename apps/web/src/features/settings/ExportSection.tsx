import { useState } from 'react';
import { Alert, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconDownload, IconUpload } from '@tabler/icons-react';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { callApi, downloadRoute } from '../../lib/api-routes';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { queryClient } from '../../lib/query-client';
import { readBackupText, restoredSummary } from './backup-file';

type Busy = 'csv' | 'json' | 'restore' | null;

const messagesOf = (failure: unknown) =>
  failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR];

/** Export every transaction as CSV, the whole account as JSON, and restore such a JSON into an empty account. */
export function ExportSection() {
  const [busy, setBusy] = useState<Busy>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);

  const download = async (kind: 'csv' | 'json') => {
    setBusy(kind);
    setErrors([]);
    setDone(null);
    try {
      if (kind === 'csv') await downloadRoute('exportTransactionsCsv', 'mindspend-transactions.csv');
      else await downloadRoute('exportBackup', 'mindspend-backup.json');
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
      const read = readBackupText(await file.text());
      if (!read.ok) {
        setErrors([read.message]);
        return;
      }
      const answer = await callApi('importBackup', { body: read.backup });
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
            Take your data with you: every transaction as a spreadsheet, or the whole account as one backup
            file that Mindspend can restore into a new, empty account.
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
            loading={busy === 'json'}
            disabled={busy !== null && busy !== 'json'}
            onClick={() => void download('json')}
          >
            Download backup (JSON)
          </Button>
          <FileButton onChange={(file) => void restore(file)} accept="application/json,.json">
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
