import { Checkbox, SimpleGrid } from '@mantine/core';
import { AmountInput } from '../../components/AmountInput';
import type { BudgetFormState } from './budget-form';

interface RolloverRegretFieldsProps {
  state: BudgetFormState;
  onChange: (state: BudgetFormState) => void;
  errors: Record<string, string[]>;
  /** When the rollover choice takes effect, e.g. 'From November 2026 on.' */
  rolloverFrom: string;
}

/**
 * A flexible budget's rollover and regret cap (docs/DECISIONS.md #55, #56), shared by the add and
 * edit forms. A bill is due in full, so it shows neither.
 */
export function RolloverRegretFields({ state, onChange, errors, rolloverFrom }: RolloverRegretFieldsProps) {
  if (state.dueInFull === 1) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Checkbox
        mt={{ sm: 'lg' }}
        label="Roll over what's left to next month"
        description={`Unspent money (or an overspend) carries into the next month. ${rolloverFrom}`}
        checked={state.rollover}
        onChange={(event) => onChange({ ...state, rollover: event.currentTarget.checked })}
        error={errors.rollover?.[0]}
      />
      <AmountInput
        label="Regret cap (optional)"
        value={state.regretCap}
        onChange={(regretCap) => onChange({ ...state, regretCap })}
        error={errors.regret_cap?.[0]}
      />
    </SimpleGrid>
  );
}
