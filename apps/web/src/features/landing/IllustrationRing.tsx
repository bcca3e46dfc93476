import type { ReactNode } from 'react';
import { Box, Center } from '@mantine/core';

interface IllustrationRingProps {
  /** Outer diameter in pixels. */
  size: number;
  thickness: number;
  /** 0 to 100. */
  percent: number;
  /** A theme colour name ('teal', 'grape'…). */
  color: string;
  label: ReactNode;
}

/**
 * A progress ring for the landing page's drawings, in plain SVG. Mantine's RingProgress brings its
 * section tooltips and their floating-position library (about 17 kB on the wire), which a drawing
 * with no tooltip does not need on the public page's first load (DECISIONS.md #32).
 */
export function IllustrationRing({ size, thickness, percent, color, label }: IllustrationRingProps) {
  const radius = (size - thickness) / 2;
  const circumference = 2 * Math.PI * radius;
  const filled = (Math.min(100, Math.max(0, percent)) / 100) * circumference;
  return (
    <Box pos="relative" w={size} h={size} style={{ flexShrink: 0 }}>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} style={{ transform: 'rotate(-90deg)' }}>
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={thickness}
          stroke="var(--mantine-color-gray-2)"
        />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={thickness}
          strokeLinecap="round"
          stroke={`var(--mantine-color-${color}-filled)`}
          strokeDasharray={`${filled} ${circumference}`}
        />
      </svg>
      <Center pos="absolute" inset={0}>
        {label}
      </Center>
    </Box>
  );
}
