import { Checkbox } from '@mantine/core';

/** Explains what "private" hides, under the box (DECISIONS.md #84). */
const PRIVATE_HINT = 'Other members of this book will not see this account, its transactions or its share of any figure.';

/** The "Private to me" box of the account forms; shown only in a shared book. */
export function PrivateAccountField({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return <Checkbox label="Private to me" description={PRIVATE_HINT} checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />;
}
