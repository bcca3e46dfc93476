import { useState, type FormEvent } from 'react';
import { Anchor, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import type { Institution } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { invalidateInstitutions, linkSimplefin } from './api';
import { simplefinFailureMessages } from './failure-messages';

/** Where a person makes a setup token: their SimpleFIN Bridge account. */
export const SIMPLEFIN_BRIDGE_URL = 'https://beta-bridge.simplefin.org';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The sentence after a link: the bank, and what its first sync brought (or why it did not). */
export function simplefinLinkedText(institution: Institution): string {
  const linked = `${institution.name} is linked through SimpleFIN with ${plural(institution.account_count, 'account')}.`;
  const sync = institution.last_sync;
  if (!sync) return `${linked} Its transactions come with the next sync.`;
  if (sync.error !== null) return `${linked} Its first sync failed: ${sync.error}`;
  return `${linked} Its first sync added ${plural(sync.added ?? 0, 'transaction')}.`;
}

/**
 * "Link with SimpleFIN" (DECISIONS.md #106, #112): the person pastes the setup token their SimpleFIN
 * Bridge gave them; the server claims it. A refused token (400) or a Bridge that failed (502) is
 * shown in the server's words and the token stays in the box to correct.
 */
export function SimplefinLinkForm({ onLinked }: { onLinked: (message: string) => void }) {
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    setBusy(true);
    try {
      const institution = await linkSimplefin({ setup_token: token });
      await invalidateInstitutions();
      setToken('');
      onLinked(simplefinLinkedText(institution));
    } catch (failure) {
      setErrors(simplefinFailureMessages(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="simplefin-title">
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="simplefin-title">
            Link with SimpleFIN
          </Title>
          <Text size="sm" c="dimmed">
            SimpleFIN Bridge links banks in the US and Canada. In your{' '}
            <Anchor href={SIMPLEFIN_BRIDGE_URL} target="_blank" rel="noreferrer noopener">
              SimpleFIN Bridge
            </Anchor>{' '}
            account, connect your bank, make a new setup token for Mindspend, and paste it here. Each token works once.
          </Text>
          <ErrorList messages={errors} />
          <Textarea
            label="Setup token"
            placeholder="Paste the setup token here"
            rows={3}
            value={token}
            onChange={(event) => setToken(event.currentTarget.value)}
            spellCheck={false}
            autoComplete="off"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } }}
          />
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconLink size={16} />} loading={busy}>
              Link with SimpleFIN
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
