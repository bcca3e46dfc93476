import { Anchor, Collapse, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ImportJob } from './api';
import { skippedSummary } from './import-summary-text';

/**
 * The lines of an imported file that held no transaction, and why (issue 17): a one-line count
 * that opens to the list (the first 100; the count covers them all).
 */
export function SkippedLines({ job }: { job: Pick<ImportJob, 'rows_skipped' | 'skipped'> }) {
  const [open, setOpen] = useState(false);
  const skipped = job.skipped ?? [];
  if (!job.rows_skipped || skipped.length === 0) return null;
  return (
    <Stack gap={4} data-testid="skipped-lines">
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => setOpen((shown) => !shown)}
        aria-expanded={open}
        style={{ alignSelf: 'flex-start' }}
      >
        {open ? 'Hide' : 'Show'} {skippedSummary(job.rows_skipped)}
      </Anchor>
      <Collapse expanded={open}>
        <List size="sm" spacing={2}>
          {skipped.map((entry) => (
            <List.Item key={entry.line}>
              <Text span size="sm" fw={500}>
                Line {entry.line}:
              </Text>{' '}
              {entry.reason}
            </List.Item>
          ))}
        </List>
        {job.rows_skipped > skipped.length ? (
          <Text size="xs" c="dimmed">
            …and {job.rows_skipped - skipped.length} more.
          </Text>
        ) : null}
      </Collapse>
    </Stack>
  );
}
