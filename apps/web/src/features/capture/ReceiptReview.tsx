import { useEffect, useRef, useState } from 'react';
import { Group, Progress, Stack, Text } from '@mantine/core';
import type { ReceiptMatch, ReceiptRead } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { currencyOf } from '../../lib/money';
import { useAccounts } from '../accounts/api';
import { fileProblemMessages } from '../attachments/api';
import { useEntities } from '../entities/api';
import { FeelingPicker } from '../transactions/FeelingPicker';
import type { TransactionFormValues } from '../transactions/transaction-form';
import { attachToPurchase } from './capture-actions';
import { matchChoiceLabel, prefillFromReceipt } from './capture-form';
import { MatchChoices } from './MatchChoices';
import { NewPurchaseForm } from './NewPurchaseForm';

/** What the capture screen says once the photo is attached. */
export interface CaptureOutcome {
  transactionId: number;
  /** "Attached to …" or "Saved … and attached the photo". */
  message: string;
  /** Why the photo was not attached after all, for a purchase that was saved. */
  photoProblem: string[] | null;
}

interface ReceiptReviewProps {
  photo: File;
  /** The finished read; null when the person stopped reading to type the purchase in. */
  read: ReceiptRead | null;
  onDone: (outcome: CaptureOutcome) => void;
}

const NOTHING_READ = { amount_cents: null, date: null, date_candidates: [], merchant: null };

/** A small view of the photo: a Blob URL of the chosen file, set on the image and revoked when it goes. */
function PhotoPreview({ photo }: { photo: File }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(photo);
    if (image.current) image.current.src = objectUrl;
    return () => URL.revokeObjectURL(objectUrl);
  }, [photo]);
  return <img ref={image} alt="The receipt’s photo" width={72} height={96} style={{ objectFit: 'cover', borderRadius: 4, flex: 'none' }} />;
}

/**
 * The read receipt (issue 33; DECISIONS.md #114): how it felt first, then the recorded purchases it
 * may be, one tap to attach the photo to one, or a new transaction prefilled from the receipt.
 */
export function ReceiptReview({ photo, read, onDone }: ReceiptReviewProps) {
  const accounts = useAccounts();
  const entities = useEntities();
  const accountList = accounts.data ?? [];
  const matches = read?.matches ?? [];
  const currencyOfAccount = (accountId: number) => accountList.find((account) => account.id === accountId)?.currency;
  // The prefill's amount is typed in the first account's currency until another is chosen.
  const [prefill] = useState(() => prefillFromReceipt(read?.transaction ?? NOTHING_READ, currencyOf(accountList[0]?.currency), entities.data ?? []));
  const [values, setValues] = useState<TransactionFormValues>(prefill.values);
  const [creating, setCreating] = useState(matches.length === 0);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  const attach = async (match: ReceiptMatch) => {
    setBusy(true);
    setErrors([]);
    try {
      await attachToPurchase(match.transaction_id, photo, values.feeling, setProgress);
      const label = matchChoiceLabel(match, currencyOfAccount(match.account_id) ?? 'USD').replace(/^Attach to /, '');
      onDone({ transactionId: match.transaction_id, message: `Attached the photo to ${label}.`, photoProblem: null });
    } catch (error) {
      setErrors(fileProblemMessages(error));
      setBusy(false);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="md" data-testid="receipt-review">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <PhotoPreview photo={photo} />
        <Text size="sm" c="dimmed">
          {read === null
            ? 'Type the purchase in; the photo is attached to it when you save.'
            : matches.length > 0
              ? 'Read from your receipt. Choose the purchase it belongs to, or create a new one.'
              : 'Read from your receipt. No recorded purchase matches it: check the new transaction below.'}
        </Text>
      </Group>
      <FeelingPicker value={values.feeling} onChange={(feeling) => setValues({ ...values, feeling })} />
      <ErrorList messages={errors} />
      {progress !== null ? <Progress value={progress} size="sm" aria-label="Upload progress" animated /> : null}
      {matches.length > 0 ? (
        <MatchChoices
          matches={matches}
          currencyOfAccount={currencyOfAccount}
          busy={busy}
          creating={creating}
          onAttach={(match) => void attach(match)}
          onCreate={() => setCreating(true)}
        />
      ) : null}
      {creating ? (
        <NewPurchaseForm
          prefill={prefill}
          dateCandidates={read?.transaction?.date_candidates ?? []}
          accounts={accountList}
          photo={photo}
          values={values}
          onChange={setValues}
          busy={busy}
          onBusy={setBusy}
          onProgress={setProgress}
          onSaved={(transactionId, photoProblem) =>
            onDone({
              transactionId,
              message: photoProblem ? 'The purchase was saved, but the photo was not attached.' : 'Saved the purchase and attached the photo.',
              photoProblem,
            })
          }
        />
      ) : null}
    </Stack>
  );
}
