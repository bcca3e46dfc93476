import { Progress } from '@mantine/core';
import type { BarSegments } from '@mindspend/domain';

interface SegmentBarProps {
  segments: BarSegments;
  size?: string;
  label: string;
}

/** A progress bar of green, yellow and red segments (spec §9), scaled to the bar's whole width. */
export function SegmentBar({ segments, size = 'md', label }: SegmentBarProps) {
  const total = segments.green + segments.yellow + segments.red;
  // The detail bar's segments can add up to 200; the bar then shows their proportions.
  const scale = total > 100 ? 100 / total : 1;
  return (
    <Progress.Root size={size} role="group" aria-label={label} data-testid="budget-bar">
      {/* Each section is a progressbar of its own: each needs a name (issue 13, axe). */}
      <Progress.Section value={segments.green * scale} color="teal" aria-label={`${label}: within budget`} />
      <Progress.Section value={segments.yellow * scale} color="yellow" aria-label={`${label}: nearing the limit`} />
      <Progress.Section value={segments.red * scale} color="red" aria-label={`${label}: at or over the limit`} />
    </Progress.Root>
  );
}
