import { Input, SegmentedControl } from '@mantine/core';
import type { InsightView } from '@mindspend/api-contract';

const CHOICES: Array<{ value: InsightView; label: string }> = [
  { value: 'me', label: 'Me' },
  { value: 'together', label: 'Together' },
];

/** In a shared book: the caller's own feelings, or how the members' feelings meet (issue 25). */
export function WhoseFeelings({ view, onChange }: { view: InsightView; onChange: (view: InsightView) => void }) {
  return (
    <Input.Wrapper label="Whose feelings">
      <SegmentedControl<InsightView> display="flex" aria-label="Whose feelings" data={CHOICES} value={view} onChange={onChange} />
    </Input.Wrapper>
  );
}
