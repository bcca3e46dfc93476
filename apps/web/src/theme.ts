import {
  createTheme,
  type AnchorProps,
  type CSSVariablesResolver,
  type DrawerProps,
  type MantineColorsTuple,
  type ModalProps,
} from '@mantine/core';

/**
 * Mantine's teal with its two darkest shades moved one step darker, so that white text on the
 * filled colour (shade 8: buttons, badges) and the light variant's text (shade 9 on shade 1)
 * reach WCAG AA's 4.5:1; Mantine's own teal gives 2.6:1 and 4.3:1 (DECISIONS.md #37).
 */
const teal: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#0ca678',
  '#087f5b',
  '#066649',
];

/** Mindspend's look: teal accents, rounded cards, the system font stack (no web fonts: strict CSP). */
export const theme = createTheme({
  primaryColor: 'teal',
  // Shade 8 of every colour carries white text at 4.5:1 or more (Mantine's default 6 does not).
  primaryShade: { light: 8, dark: 8 },
  colors: { teal },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '750' },
  // Modals, menus and drawers appear without sliding or fading for a person whose system asks for
  // reduced motion (WCAG 2.3.3).
  respectReducedMotion: true,
  // Plain objects typed with the components' props, not `Modal.extend(...)`: the theme is in the
  // entry chunk every page loads first, and importing Modal and Drawer here took them and their
  // positioning and scroll-lock libraries there too (+24 KB brotli; DECISIONS.md #32).
  components: {
    // A link inside a sentence must not be told apart by its colour alone (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } satisfies Partial<AnchorProps> },
    // Mantine's close button is an icon with no name; a screen reader announced 'button'.
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } satisfies Partial<ModalProps>,
    },
    Drawer: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close navigation' } } satisfies Partial<DrawerProps>,
    },
  },
});

/**
 * Colours that depend on the scheme (DECISIONS.md #37). `dimmed` text is darker in light and
 * lighter in dark than Mantine's (3.3:1 and 4.0:1), so secondary text reads at 4.5:1 on the body,
 * cards and tinted panels; `--mindspend-color-subtle` is the tinted panel itself (filters, empty
 * states, the landing page's bands), gray.0 in light and a step above the body in dark.
 * Placeholders get the same treatment. In light, the warm and green colours' text (`c="orange"`)
 * and light-variant text (badges, pills, light buttons) are darkened: Mantine's shades read at
 * 2.7–3.8:1 on white and on their own tints.
 */
/** A colour's text and light-variant text, at 4.5:1 or more on white and on the colour's tint. */
function readableOnLight(color: string, text: string): Record<string, string> {
  return { [`--mantine-color-${color}-text`]: text, [`--mantine-color-${color}-light-color`]: text };
}

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#666e75',
    '--mantine-color-placeholder': '#6f777e',
    '--mindspend-color-subtle': resolved.colors.gray[0],
    ...readableOnLight('orange', '#b03a05'),
    ...readableOnLight('yellow', '#7a5200'),
    ...readableOnLight('green', '#1f6e30'),
    ...readableOnLight('lime', '#3f6b06'),
  },
  dark: {
    '--mantine-color-dimmed': '#a8a8a8',
    '--mantine-color-placeholder': '#999999',
    '--mindspend-color-subtle': resolved.colors.dark[6],
  },
});
