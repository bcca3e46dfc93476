import { useState } from 'react';
import { Tooltip } from '@mantine/core';
import classes from './ledger-table.module.css';

/**
 * The short payee name with the full name as tooltip (spec §2.3). The tooltip mounts on hover or
 * focus only, so a scroll through a long month does not build one per row.
 */
export function PayeeCell({ shortName, fullName }: { shortName: string; fullName: string }) {
  const [active, setActive] = useState(false);
  const name = (
    <span
      className={`${classes.truncate} ${classes.payee}`}
      data-testid="payee"
      onMouseEnter={() => setActive(true)}
      onMouseLeave={() => setActive(false)}
    >
      {shortName}
    </span>
  );
  if (!active) return name;
  return (
    <Tooltip label={fullName} opened withinPortal>
      {name}
    </Tooltip>
  );
}
