import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { RuleItem } from '@mindspend/api-contract';
import { FEELINGS, MAX_CONDITIONS_PER_RULE, type Feeling, type Purpose } from '@mindspend/domain';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { PURPOSE_OPTIONS } from '../transactions/feelings';
import { createRule, updateRule } from './api';
import { ConditionRow } from './ConditionRow';
import { type RuleFormValues, emptyCondition, ruleBodyFrom, ruleFormErrors } from './rule-form';
import type { RuleChoices } from './use-rule-names';

interface RuleFormModalProps {
  /** The rule being changed; null for a new one. */
  rule: RuleItem | null;
  initial: RuleFormValues;
  choices: RuleChoices;
  onClose: () => void;
  onSaved: (rule: RuleItem) => void;
}

const LEAVE = 'Leave as it is';
const FEELING_OPTIONS = FEELINGS.map(({ value, label }) => ({ value, label }));

/** Add or change a rule: its conditions (all must hold) and what it sets. */
export function RuleFormModal({ rule, initial, choices, onClose, onSaved }: RuleFormModalProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<RuleFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors([]);
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems = ruleFormErrors(values);
    setErrors(problems);
    if (problems.length > 0) return;
    setSaving(true);
    try {
      const body = ruleBodyFrom(values);
      onSaved(rule ? await updateRule(rule.id, body) : await createRule(body));
    } catch (failure) {
      setErrors(failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);
    } finally {
      setSaving(false);
    }
  };

  const subcategoryData = choices.categories.map((category) => ({
    group: `${category.name} (${category.type})`,
    items: category.subcategories.map((sub) => ({ value: String(sub.id), label: `${sub.emoji} ${sub.name}` })),
  }));

  return (
    <Modal opened onClose={onClose} title={rule ? 'Edit rule' : 'New rule'} size="lg">
      <form onSubmit={(event) => void save(event)} noValidate>
        <Stack gap="md">
          <Stack gap="xs">
            <Text fw={600} size="sm">
              When all of these hold
            </Text>
            {values.conditions.map((condition, index) => (
              <ConditionRow
                // Conditions have no id of their own; their place is what the person edits.
                key={index}
                index={index}
                condition={condition}
                accounts={choices.accounts}
                onChange={(next) => set({ conditions: values.conditions.map((old, at) => (at === index ? next : old)) })}
                onRemove={values.conditions.length > 1 ? () => set({ conditions: values.conditions.filter((_, at) => at !== index) }) : null}
              />
            ))}
            {values.conditions.length < MAX_CONDITIONS_PER_RULE && (
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} />}
                style={{ alignSelf: 'flex-start' }}
                onClick={() => set({ conditions: [...values.conditions, emptyCondition('amount')] })}
              >
                Add condition
              </Button>
            )}
          </Stack>
          <Stack gap="xs">
            <Text fw={600} size="sm">
              Then set
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Select
                label="Sub-category"
                placeholder={LEAVE}
                data={subcategoryData}
                value={values.subcategoryId === null ? null : String(values.subcategoryId)}
                onChange={(next) => set({ subcategoryId: next === null ? null : Number(next) })}
                searchable
                clearable
              />
              <NativeSelect
                label="Feeling"
                data={[{ value: '', label: LEAVE }, ...FEELING_OPTIONS]}
                value={values.feeling ?? ''}
                onChange={(event) => set({ feeling: (event.currentTarget.value || null) as Feeling | null })}
              />
              <NativeSelect
                label="Purpose"
                data={[{ value: '', label: LEAVE }, ...PURPOSE_OPTIONS]}
                value={values.purpose ?? ''}
                onChange={(event) => set({ purpose: (event.currentTarget.value || null) as Purpose | null })}
              />
              <Select
                label="Payee"
                placeholder={LEAVE}
                data={choices.entities.map((entity) => ({ value: String(entity.id), label: entity.name }))}
                value={values.entityId === null ? null : String(values.entityId)}
                onChange={(next) => set({ entityId: next === null ? null : Number(next) })}
                searchable
                clearable
              />
            </SimpleGrid>
            <TextInput label="Notes" placeholder={LEAVE} value={values.notes} maxLength={5000} onChange={(event) => set({ notes: event.currentTarget.value })} />
          </Stack>
          <ErrorList messages={errors} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save rule
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
