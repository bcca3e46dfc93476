import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, FileInput, Group, Modal, Progress, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFileUpload } from '@tabler/icons-react';
import {
  STATEMENT_FILE_HINT,
  decodeStatementBytes,
  questionOfAnswer,
  type ImportAnswer,
  type YearMonth,
} from '@mindspend/domain';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { LEDGER_PATH, ledgerAccountPath, ledgerMonthPath } from '../../shared/ledger-shell/ledger-paths';
import { setLedgerSelection } from '../../shared/ledger-shell/ledger-selection';
import { useAccounts } from '../accounts/api';
import { useLedgerAccount } from '../accounts/use-ledger-account';
import { invalidateTransactions } from '../transactions/api';
import { uploadStatement, type StatementReading } from './api';
import { ACCEPT, checkImport, importMessage, isBusy, newestStatementMonth, showsBar } from './import-state';
import { setImportSummary } from './import-summary';
import { useImportJob } from './use-import-job';
import { ColumnMappingForm } from './ColumnMappingForm';
import { ImportQuestionForm } from './ImportQuestionForm';
import { isWorkbookName, workbookSheetNames, workbookText } from './workbook-text';

/** 'Import completed successfully.' stays this long before the ledger opens. */
const COMPLETED_PAUSE_MS = 900;
/** Larger files are not read in the browser for their newest month; the ledger opens on the account. */
const MAX_LOCAL_PARSE_BYTES = 5 * 1024 * 1024;

function uploadError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 413) return 'The file is larger than the 20 MB limit.';
  if (error.status === 422 || error.status === 404)
    return error.status === 404 ? 'That account was not found.' : error.messages.join(' ');
  return null;
}

/** /import-transactions: the Import Transactions modal of spec §2.4 with the states of §4 'Import'. */
export function ImportTransactionsModal() {
  const navigate = useNavigate();
  const accounts = useAccounts();
  const { account: ledgerAccount } = useLedgerAccount();
  const [pickedId, setPickedId] = useState<number | null>(null);
  const accountId = pickedId ?? ledgerAccount?.id ?? null;
  const [file, setFile] = useState<File | null>(null);
  // The chosen file's text, read in the browser: the mapping step previews its rows.
  const [fileText, setFileText] = useState<string | null>(null);
  const { state, dispatch, watchNewJob } = useImportJob();
  // How the last upload was read: a new file or account starts from nothing.
  const reading = useRef<StatementReading>({ answers: [] });
  // A workbook's sheets, for the Sheet chooser when it has more than one.
  const [sheets, setSheets] = useState<string[]>([]);
  const [sheet, setSheet] = useState<string | null>(null);
  const chosenFile = useRef<File | null>(null);
  const target = useRef<{ accountId: number; month: YearMonth | null } | null>(null);
  const { phase, importProgress, job } = state;

  useEffect(() => {
    if (phase !== 'completed' || !job) return;
    void invalidateTransactions();
    const name = accounts.data?.find((entry) => entry.id === job.account_id)?.name ?? 'your account';
    setImportSummary({ job, accountName: name });
    const goal = target.current;
    const timer = window.setTimeout(() => {
      if (!goal) return void navigate(LEDGER_PATH);
      setLedgerSelection({ accountId: goal.accountId, ...(goal.month ? { month: goal.month } : {}) });
      void navigate(
        goal.month ? ledgerMonthPath(goal.accountId, goal.month) : ledgerAccountPath(goal.accountId),
      );
    }, COMPLETED_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [phase, job, accounts.data, navigate]);

  const upload = async (next: StatementReading) => {
    reading.current = next;
    const problem = checkImport(file, accountId);
    if (problem || !file || accountId === null) return dispatch({ type: 'invalid', message: problem ?? '' });
    dispatch({ type: 'start' });
    watchNewJob();
    const local = file.size > MAX_LOCAL_PARSE_BYTES ? null : isWorkbookName(file.name) ? 'workbook' : 'text';
    const text =
      local === 'workbook'
        ? await workbookText(file, next.sheet)
        : local === 'text'
          ? decodeStatementBytes(new Uint8Array(await file.arrayBuffer())).text
          : null;
    setFileText(text);
    const month = text === null ? null : newestStatementMonth(text, next);
    target.current = { accountId, month };
    try {
      const queued = await uploadStatement(
        file,
        accountId,
        (percent) => dispatch({ type: 'uploadProgress', percent }),
        next,
      );
      dispatch({ type: 'uploaded', job: queued });
    } catch (error) {
      dispatch({ type: 'failed', message: uploadError(error) });
    }
  };

  const busy = isBusy(state) || phase === 'completed';
  const startOver = () => {
    reading.current = { answers: [] };
    dispatch({ type: 'reset' });
  };
  // An answer replaces an earlier one to the same question and keeps the rest (a file may ask two).
  const answer = (value: ImportAnswer) => {
    const kept = reading.current.answers.filter(
      (earlier) => questionOfAnswer(earlier) !== questionOfAnswer(value),
    );
    void upload({ ...reading.current, answers: [...kept, value] });
  };
  const accountCurrency = accounts.data?.find((entry) => entry.id === accountId)?.currency ?? null;
  const message = importMessage(state);
  const close = () => void navigate(LEDGER_PATH);
  return (
    <Modal
      opened
      onClose={close}
      title="Import Transactions"
      size={job?.needs_mapping ? 'xl' : job?.needs_confirmation ? 'lg' : 'md'}
      closeOnClickOutside={!busy}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Upload the CSV, OFX, QFX, QIF, CAMT, MT940 or Excel file your bank or card issuer exports. Rows
          already in the account are skipped, and known payees are categorized for you.
        </Text>
        <Text size="sm">
          Switching from YNAB, Actual Budget, Firefly III or Mint?{' '}
          <Anchor component={Link} to="/import-from-app">
            Bring everything in at once
          </Anchor>
        </Text>
        <Select
          label="Account"
          placeholder={accounts.isPending ? 'Loading…' : 'Select an account'}
          data={(accounts.data ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }))}
          value={accountId === null ? null : String(accountId)}
          onChange={(value) => {
            setPickedId(value === null ? null : Number(value));
            startOver();
          }}
          disabled={busy}
          allowDeselect={false}
        />
        <FileInput
          label="Statement file"
          placeholder={STATEMENT_FILE_HINT}
          accept={ACCEPT}
          value={file}
          onChange={(next) => {
            setFile(next);
            startOver();
            setSheets([]);
            setSheet(null);
            chosenFile.current = next;
            // A later choice wins over a slow read of an earlier workbook.
            if (next && isWorkbookName(next.name))
              void workbookSheetNames(next).then((names) => chosenFile.current === next && setSheets(names));
          }}
          leftSection={<IconFileUpload size={16} />}
          disabled={busy}
          clearable
        />
        {sheets.length > 1 ? (
          <Select
            label="Sheet"
            description="The workbook has several sheets: choose the one with the transactions."
            data={sheets}
            value={sheet ?? sheets[0] ?? null}
            onChange={(value) => {
              setSheet(value);
              startOver();
            }}
            disabled={busy}
            allowDeselect={false}
          />
        ) : null}
        {message ? (
          <Text
            size="sm"
            fw={500}
            role="status"
            data-testid="import-status"
            data-phase={phase}
            data-import-progress={importProgress}
          >
            {message}
          </Text>
        ) : (
          <span data-testid="import-status" data-phase={phase} data-import-progress={importProgress} hidden />
        )}
        {showsBar(state.uploadProgress) ? (
          <Progress
            value={state.uploadProgress}
            size="lg"
            aria-label="Upload progress"
            data-testid="upload-progress"
            animated
          />
        ) : null}
        {showsBar(importProgress) ? (
          <Progress
            value={importProgress}
            size="lg"
            color="teal"
            aria-label="Import progress"
            data-testid="import-progress"
            animated
          />
        ) : null}
        {phase === 'failed' && job?.needs_mapping && fileText !== null ? (
          <ColumnMappingForm
            key={`${job.id}`}
            columns={job.columns}
            samples={job.column_samples}
            hasHeader={job.has_header}
            text={fileText}
            busy={isBusy(state)}
            onImport={(mapping) => void upload({ ...reading.current, mapping })}
          />
        ) : phase === 'failed' && job?.needs_confirmation && job.question ? (
          <ImportQuestionForm
            key={`${job.id}`}
            question={job.question}
            currency={accountCurrency}
            busy={isBusy(state)}
            onAnswer={answer}
          />
        ) : state.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} data-testid="import-error" py="xs">
            {state.error}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            onClick={() => void upload({ answers: [], ...(sheet !== null && { sheet }) })}
            disabled={!accounts.isSuccess || file === null || busy}
            loading={isBusy(state)}
          >
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
