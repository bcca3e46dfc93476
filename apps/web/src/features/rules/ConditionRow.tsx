import { ActionIcon, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { MAX_RULE_TEXT, type RuleTextOp, type TransactionType } from '@mindspend/domain';
import { DollarInput } from '../../components/DollarInput';
import { type ConditionKind, type ConditionValues, emptyCondition } from './rule-form';

const KINDS: { value: ConditionKind; label: string }[] = [
  { value: 'payee', label: 'Payee' },
  { value: 'description', label: 'Description' },
  { value: 'amount', label: 'Amount' },
  { value: 'account', label: 'Account' },
  { value: 'type', label: 'Type' },
];

const TEXT_OPS: { value: RuleTextOp; label: string }[] = [
  { value: 'contains', label: 'contains' },
  { value: 'equals', label: 'is exactly' },
  { value: 'starts_with', label: 'starts with' },
];

interface ConditionRowProps {
  index: number;
  condition: ConditionValues;
  accounts: { id: number; name: string }[];
  onChange: (condition: ConditionValues) => void;
  onRemove: (() => void) | null;
}

/** One condition of the rule form: what it looks at, how it compares, and the value. */
export function ConditionRow({ index, condition, accounts, onChange, onRemove }: ConditionRowProps) {
  const label = (what: string) => `Condition ${index + 1} ${what}`;
  return (
    <Group align="flex-end" gap="xs" wrap="wrap" data-testid="rule-condition">
      <NativeSelect
        aria-label={label('field')}
        data={KINDS}
        value={condition.kind}
        onChange={(event) => onChange(emptyCondition(event.currentTarget.value as ConditionKind))}
        w={130}
      />
      {(condition.kind === 'payee' || condition.kind === 'description') && (
        <>
          <NativeSelect
            aria-label={label('comparison')}
            data={TEXT_OPS}
            value={condition.op}
            onChange={(event) => onChange({ ...condition, op: event.currentTarget.value as RuleTextOp })}
            w={130}
          />
          <TextInput
            aria-label={label('text')}
            placeholder="e.g. AMZN Mktp"
            value={condition.text}
            maxLength={MAX_RULE_TEXT}
            onChange={(event) => onChange({ ...condition, text: event.currentTarget.value })}
            style={{ flex: 1, minWidth: 160 }}
          />
        </>
      )}
      {condition.kind === 'amount' && (
        <>
          <DollarInput aria-label={label('lowest amount')} value={condition.min} onChange={(min) => onChange({ ...condition, min })} />
          <DollarInput aria-label={label('highest amount')} value={condition.max} onChange={(max) => onChange({ ...condition, max })} />
        </>
      )}
      {condition.kind === 'account' && (
        <NativeSelect
          aria-label={label('account')}
          data={[{ value: '', label: 'Choose an account' }, ...accounts.map((account) => ({ value: String(account.id), label: account.name }))]}
          value={condition.accountId === null ? '' : String(condition.accountId)}
          onChange={(event) => onChange({ ...condition, accountId: event.currentTarget.value ? Number(event.currentTarget.value) : null })}
          style={{ flex: 1, minWidth: 160 }}
        />
      )}
      {condition.kind === 'type' && (
        <NativeSelect
          aria-label={label('type')}
          data={[
            { value: 'expense', label: 'is an expense' },
            { value: 'income', label: 'is income' },
          ]}
          value={condition.type}
          onChange={(event) => onChange({ ...condition, type: event.currentTarget.value as TransactionType })}
          w={160}
        />
      )}
      {onRemove && (
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Remove condition ${index + 1}`} onClick={onRemove}>
          <IconX size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}
