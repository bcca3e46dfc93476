/** The device's colour scheme choice (System, Light or Dark), kept in localStorage (DECISIONS.md #36). */
import { localStorageColorSchemeManager, type MantineColorScheme } from '@mantine/core';
import { COLOR_SCHEME_KEY } from './first-paint-boot';

/** Reads and writes the same key the boot script reads before the first paint. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/** The choices Settings offers, in order; 'auto' follows the system. */
export const COLOR_SCHEME_CHOICES: { value: MantineColorScheme; label: string }[] = [
  { value: 'auto', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function isColorScheme(value: string): value is MantineColorScheme {
  return value === 'auto' || value === 'light' || value === 'dark';
}
