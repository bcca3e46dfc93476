import { IconAlertTriangle } from '@tabler/icons-react';
import type { RegretWarningWire } from '@mindspend/api-contract';
import classes from './ledger-table.module.css';

/**
 * The regret radar on a ledger row (DECISIONS.md #57): a short visible line under the payee,
 * '4 of 5 regretted', whose full sentence is its tooltip and what a screen reader hears.
 */
export function RegretRadarNote({ warning }: { warning: RegretWarningWire }) {
  return (
    <span className={classes.regretNote} title={warning.sentence} data-testid="regret-warning">
      <IconAlertTriangle size={12} aria-hidden />
      <span aria-hidden>
        {warning.regretted} of {warning.count} regretted
      </span>
      <span className={classes.visuallyHidden}>Regret radar: {warning.sentence}</span>
    </span>
  );
}
