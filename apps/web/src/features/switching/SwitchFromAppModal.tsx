/**
 * /import-from-app: switching from another budgeting app in one step (DECISIONS.md #98). The
 * person picks the app, reads where its export is made, uploads it, and sees what was brought and
 * what was not, before going to the ledger.
 */
import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Modal, Progress, Radio, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCalendarQuestion, IconCircleCheck, IconFileUpload } from '@tabler/icons-react';
import { DATE_ORDER_ANSWERS, type DateOrderAnswer, type SwitchingApp } from '@mindspend/domain';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { LEDGER_PATH } from '../../shared/ledger-shell/ledger-paths';
import { importFromApp, type SwitchSummary } from './api';
import { APP_GUIDES, guideOf } from './app-guides';
import { leftBehindHeading, switchSummaryLines } from './switch-summary';

type Phase =
  | { kind: 'choosing' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'done'; summary: SwitchSummary }
  | { kind: 'failed'; message: string }
  /** The export's dates read both ways: the person says how, and the upload is sent again. */
  | { kind: 'asking-dates'; message: string };

const DATE_ORDER_LABELS: Record<DateOrderAnswer, string> = {
  'month-first': 'Month first (MM/DD/YYYY: 03/04 is March 4)',
  'day-first': 'Day first (DD/MM/YYYY: 03/04 is 3 April)',
};

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return 'The file is larger than the 20 MB limit.';
    if (error.status === 422) return error.messages.join(' ');
  }
  return 'The export could not be brought in. Check your connection and try again.';
}

export function SwitchFromAppModal() {
  const navigate = useNavigate();
  const [app, setApp] = useState<SwitchingApp | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [budget, setBudget] = useState<File | null>(null);
  const [dateOrder, setDateOrder] = useState<DateOrderAnswer | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'choosing' });
  const guide = app === null ? null : guideOf(app);
  const uploading = phase.kind === 'uploading';
  const close = () => void navigate(LEDGER_PATH);

  const bringIn = async () => {
    if (app === null || file === null) return;
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const choice = { app, file, budget: guide?.takesBudget ? budget : null, dateOrder };
      const summary = await importFromApp(choice, (percent) => setPhase({ kind: 'uploading', percent }));
      setPhase({ kind: 'done', summary });
    } catch (error) {
      const asked = error instanceof ApiError ? error.fieldErrors.date_order?.[0] : undefined;
      setPhase(asked ? { kind: 'asking-dates', message: asked } : { kind: 'failed', message: failureMessage(error) });
    }
  };

  if (phase.kind === 'done') {
    const { summary } = phase;
    const heading = leftBehindHeading(summary);
    return (
      <Modal opened onClose={close} title="Switch from another app" size="lg">
        <Stack gap="sm" data-testid="switch-summary">
          <Alert color="teal" variant="light" icon={<IconCircleCheck />} title={`Your ${guideOf(summary.app).name} data is in Mindspend`}>
            {switchSummaryLines(summary).map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </Alert>
          {heading ? (
            <div data-testid="switch-left-behind">
              <Text size="sm" fw={500}>
                {heading}
              </Text>
              <List size="sm" spacing={2} mt={4}>
                {summary.left_behind.map((entry, index) => (
                  <List.Item key={`${entry.source}-${index}`}>
                    {entry.source}: {entry.reason}
                  </List.Item>
                ))}
              </List>
            </div>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={close}>Open the ledger</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal opened onClose={close} title="Switch from another app" size="lg" closeOnClickOutside={!uploading}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Bring your accounts, payees, categories, splits and transfers from the app you used before, in one step. Uploading the same export
          again adds nothing twice.
        </Text>
        <Radio.Group
          label="The app you are switching from"
          value={app}
          onChange={(value) => {
            setApp(value as SwitchingApp);
            setFile(null);
            setBudget(null);
            setDateOrder(null);
            setPhase({ kind: 'choosing' });
          }}
        >
          <Group mt={4}>
            {APP_GUIDES.map((entry) => (
              <Radio key={entry.app} value={entry.app} label={entry.name} disabled={uploading} />
            ))}
          </Group>
        </Radio.Group>
        {guide ? (
          <>
            <Text size="sm" data-testid="switch-how-to">
              {guide.howTo}
            </Text>
            <FileInput
              label={guide.fileLabel}
              placeholder="Choose the file"
              accept={guide.accept}
              value={file}
              onChange={(next) => {
                setFile(next);
                setDateOrder(null);
                setPhase({ kind: 'choosing' });
              }}
              leftSection={<IconFileUpload size={16} />}
              disabled={uploading}
              clearable
            />
            {guide.takesBudget && file !== null && !file.name.toLowerCase().endsWith('.zip') ? (
              <FileInput
                label="YNAB budget CSV (optional)"
                description="The Plan or Budget CSV of the same export: its categories come along too."
                placeholder="Choose the file"
                accept=".csv,text/csv"
                value={budget}
                onChange={setBudget}
                leftSection={<IconFileUpload size={16} />}
                disabled={uploading}
                clearable
              />
            ) : null}
          </>
        ) : null}
        {phase.kind === 'uploading' ? <Progress value={phase.percent} size="lg" aria-label="Upload progress" animated /> : null}
        {phase.kind === 'asking-dates' ? (
          <Alert color="yellow" variant="light" icon={<IconCalendarQuestion />} data-testid="switch-date-question" py="xs">
            <Text size="sm">{phase.message}</Text>
            <Radio.Group value={dateOrder} onChange={(value) => setDateOrder(value as DateOrderAnswer)} mt="xs" aria-label="How the dates read">
              <Stack gap={4}>
                {DATE_ORDER_ANSWERS.map((answer) => (
                  <Radio key={answer} value={answer} label={DATE_ORDER_LABELS[answer]} />
                ))}
              </Stack>
            </Radio.Group>
          </Alert>
        ) : null}
        {phase.kind === 'failed' ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} data-testid="switch-error" py="xs">
            {phase.message}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void bringIn()} disabled={app === null || file === null || (phase.kind === 'asking-dates' && dateOrder === null)} loading={uploading}>
            Bring it in
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
