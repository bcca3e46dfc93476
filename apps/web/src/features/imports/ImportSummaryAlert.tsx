import { Alert, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { summaryText } from './import-summary-text';
import { SkippedLines } from './SkippedLines';
import { setImportSummary, useImportSummary } from './import-summary';

/** On the ledger after an import: what the file held and what came of it, until dismissed. */
export function ImportSummaryAlert({ accountId }: { accountId: number | null }) {
  const summary = useImportSummary();
  if (!summary || summary.job.account_id !== accountId) return null;
  const { job } = summary;
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconFileImport />}
      title={`Imported ${job.file_name} into ${summary.accountName}`}
      withCloseButton
      closeButtonLabel="Dismiss import summary"
      onClose={() => setImportSummary(null)}
      data-testid="import-summary"
      py="xs"
    >
      <Text size="sm">{summaryText(job)}</Text>
      {job.notice ? (
        <Text size="sm" mt={4} data-testid="import-notice">
          {job.notice}
        </Text>
      ) : null}
      {job.notes.map((note) => (
        <Text key={note} size="sm" mt={4} data-testid="import-note">
          {note}
        </Text>
      ))}
      <SkippedLines job={job} />
    </Alert>
  );
}
