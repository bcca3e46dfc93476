import { useState } from 'react';
import { ActionIcon, Anchor, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import type { RuleItem } from '@mindspend/api-contract';
import { describeRule, type RuleNames } from '@mindspend/domain';
import { Link, useSearchParams } from 'react-router';
import { ConfirmRemove } from '../../components/ConfirmRemove';
import { ErrorList } from '../../components/ErrorList';
import { PageLoader } from '../../components/PageLoader';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { idFromParam } from '../../shared/ledger-shell/ledger-paths';
import { useTransaction } from '../transactions/api';
import { invalidateRules, removeRule, reorderRules, setRules, useRules } from './api';
import { RuleFormModal } from './RuleFormModal';
import { RulePreviewModal } from './RulePreviewModal';
import { type RuleFormValues, emptyRuleForm, movedOrder, ruleFormFrom, ruleFormFromTransaction, ruleModelOf } from './rule-form';
import { useRuleChoices } from './use-rule-names';

/** The form open: a new rule (maybe prefilled), or a rule being changed. */
type Editing = { rule: RuleItem | null; initial: RuleFormValues } | null;

export function ruleSentence(rule: RuleItem, names: RuleNames): string {
  return describeRule(ruleModelOf(rule), names);
}

/**
 * Settings → Rules (docs/DECISIONS.md #51): the person's rules in order, each as a sentence; add,
 * change, move, remove, and preview-then-apply to the transactions already in the ledger.
 * `?from=<transaction id>` opens a new rule prefilled from that transaction.
 */
export function RulesPage() {
  const rules = useRules();
  const choices = useRuleChoices();
  const [search, setSearch] = useSearchParams();
  const fromId = idFromParam(search.get('from') ?? undefined);
  const from = useTransaction(fromId);
  const [editing, setEditing] = useState<Editing>(null);
  const [previewing, setPreviewing] = useState<RuleItem | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  // Opened from a transaction's details: a new rule prefilled from it, once the transaction is read.
  const fromTransaction = fromId !== null && from.data ? { rule: null, initial: ruleFormFromTransaction(from.data) } : null;
  const form = editing ?? fromTransaction;
  const closeForm = () => {
    setEditing(null);
    if (fromId !== null) setSearch({}, { replace: true });
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setErrors([]);
    try {
      await work();
    } catch (failure) {
      setErrors(failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);
      await invalidateRules();
    } finally {
      setBusy(false);
    }
  };
  const list = rules.data ?? [];
  const move = (rule: RuleItem, step: -1 | 1) =>
    run(async () => setRules(await reorderRules(movedOrder(list.map((entry) => entry.id), rule.id, step))));
  const remove = (rule: RuleItem) =>
    run(async () => {
      await removeRule(rule.id);
      setRemoving(null);
      await invalidateRules();
    });

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to="/settings" size="sm">
            ← Account Settings
          </Anchor>
          <Group justify="space-between" align="flex-end" mt={4}>
            <Title order={1}>Rules</Title>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ rule: null, initial: emptyRuleForm() })}>
              Add rule
            </Button>
          </Group>
          <Text c="dimmed" mt={4}>
            Rules set the category, feeling, purpose, payee or notes of imported and bank-synced transactions before Mindspend
            looks at your history. When two rules set the same thing, the one higher in the list wins.
          </Text>
        </div>
        <ErrorList messages={errors} />
        {rules.isPending ? (
          <PageLoader />
        ) : list.length === 0 ? (
          <Card withBorder radius="lg" p="lg">
            <Text>No rules yet. Add one here, or open a transaction and choose “Create rule”.</Text>
          </Card>
        ) : (
          <Stack gap="sm" data-testid="rules-list">
            {list.map((rule, index) => {
              const sentence = ruleSentence(rule, choices.names);
              return (
                <Card key={rule.id} withBorder radius="lg" p="md" data-testid="rule-card">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text data-testid="rule-sentence">
                      <Text span c="dimmed" mr={6}>
                        {index + 1}.
                      </Text>
                      {sentence}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={`Move rule ${index + 1} up`} disabled={busy || index === 0} onClick={() => void move(rule, -1)}>
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" aria-label={`Move rule ${index + 1} down`} disabled={busy || index === list.length - 1} onClick={() => void move(rule, 1)}>
                        <IconArrowDown size={16} />
                      </ActionIcon>
                    </Group>
                  </Group>
                  <Group gap="xs" mt="sm">
                    <Button size="xs" variant="light" onClick={() => setPreviewing(rule)}>
                      Preview
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setEditing({ rule, initial: ruleFormFrom(rule) })}>
                      Edit
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(rule.id)}>
                      Remove
                    </Button>
                  </Group>
                  {removing === rule.id && (
                    <Stack mt="sm">
                      <ConfirmRemove
                        message="Remove this rule? Transactions it already set keep their values; new imports no longer use it."
                        busy={busy}
                        onConfirm={() => void remove(rule)}
                        onKeep={() => setRemoving(null)}
                      />
                    </Stack>
                  )}
                </Card>
              );
            })}
          </Stack>
        )}
      </Stack>
      {form && (
        <RuleFormModal
          rule={form.rule}
          initial={form.initial}
          choices={choices}
          onClose={closeForm}
          onSaved={() => {
            closeForm();
            void invalidateRules();
          }}
        />
      )}
      {previewing && <RulePreviewModal ruleId={previewing.id} sentence={ruleSentence(previewing, choices.names)} onClose={() => setPreviewing(null)} />}
    </Container>
  );
}
