import { useState } from 'react';
import { Stack, Switch } from '@mantine/core';
import type { Book, BookMember } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { bookFailureMessages, updateMyMembership } from './api';

const LABEL = "Share my feelings with this book's members";

interface ShareFeelingsSwitchProps {
  book: Book;
  /** The caller's own member entry: the choice is theirs alone, whatever their role. */
  me: BookMember;
}

/**
 * Whether the other members of a shared book see the caller's feelings about its purchases (issue
 * 25). Off by default, since a feeling is private until its owner decides otherwise.
 */
export function ShareFeelingsSwitch({ book, me }: ShareFeelingsSwitchProps) {
  // The value being saved: shown at once, so the switch does not spring back while the books reload.
  const [saving, setSaving] = useState<boolean | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  const save = async (share: boolean) => {
    setSaving(share);
    setErrors([]);
    try {
      await updateMyMembership(book.id, { share_feelings: share });
    } catch (failure) {
      setErrors(bookFailureMessages(failure));
    } finally {
      setSaving(null);
    }
  };

  return (
    <Stack gap={6}>
      <Switch
        label={LABEL}
        // Mantine writes the description inside the label: named alone, the switch reads as its label
        // says, with the description still read after it (aria-describedby).
        aria-label={LABEL}
        description="They see how you felt about this book's purchases, and your feelings count in their Together insights."
        checked={saving ?? me.share_feelings}
        disabled={saving !== null}
        onChange={(event) => void save(event.currentTarget.checked)}
      />
      <ErrorList messages={errors} />
    </Stack>
  );
}
