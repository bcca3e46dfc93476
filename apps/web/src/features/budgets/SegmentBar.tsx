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
    <Progress.Root size={size} aria-label={label} data-testid="budget-bar">
      <Progress.Section value={segments.green * scale} color="teal" />
      <Progress.Section value={segments.yellow * scale} color="yellow" />
      <Progress.Section value={segments.red * scale} color="red" />
    </Progress.Root>
  );
}
