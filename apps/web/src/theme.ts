import { createTheme } from '@mantine/core';

/** Mindspend's look: teal accents, rounded cards, the system font stack (no web fonts: strict CSP). */
export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '750' },
});
