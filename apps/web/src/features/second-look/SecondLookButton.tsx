import { useState } from 'react';
import { Badge, Button } from '@mantine/core';
import { IconEyeCheck } from '@tabler/icons-react';
import type { Transaction } from '@mindspend/api-contract';
import { useSession } from '../../lib/use-session';
import { invalidateTransactions } from '../transactions/api';
import { fetchSecondLook, useSecondLookCount } from './api';
import { SecondLookDialog } from './SecondLookDialog';

/**
 * 'Second look (N)' on the ledger (DECISIONS.md #44): shown only while expenses are due, it opens
 * the step-through over the oldest page of them. Nothing shows when the setting is off or nothing
 * is due.
 */
export function SecondLookButton() {
  const { user } = useSession();
  const enabled = (user?.second_look_days ?? null) !== null;
  const due = useSecondLookCount(enabled);
  const [steps, setSteps] = useState<Transaction[] | null>(null);
  const [opening, setOpening] = useState(false);
  const count = due.data?.count ?? 0;

  // The list is asked for only now, a page at a time: the ledger itself needs just the count.
  const open = async () => {
    setOpening(true);
    try {
      setSteps(await fetchSecondLook());
    } finally {
      setOpening(false);
    }
  };

  // The month lists carry second_feeling and the count changes: both reload when the flow closes.
  const close = () => {
    setSteps(null);
    void invalidateTransactions();
  };

  return (
    <>
      {enabled && count > 0 ? (
        <Button
          variant="light"
          color="grape"
          leftSection={<IconEyeCheck size={16} />}
          rightSection={
            <Badge size="sm" color="grape" variant="filled" circle={count < 10}>
              {count}
            </Badge>
          }
          onClick={() => void open()}
          loading={opening}
          aria-label={`Second look (${count})`}
          data-testid="second-look-button"
        >
          Second look
        </Button>
      ) : null}
      {steps ? <SecondLookDialog firstPage={steps} onFinished={() => void invalidateTransactions()} onClose={close} /> : null}
    </>
  );
}
