import {
  Alert,
  Badge,
  Button,
  Checkbox,
  createTheme,
  Fieldset,
  Input,
  DEFAULT_THEME,
  Modal,
  Notification,
  type CSSVariablesResolver,
} from '@mantine/core';

/** A control in the primary colour (no other colour asked for): its text or tick takes the theme's contrasting colour, not always white. */
const inPrimary = (color: string | undefined) => !color || color === 'portal';

/**
 * The portal's Mantine theme: the console's accessibility choices, and a primary palette named
 * `portal` whose CSS variables follow the project's theme (below). Its shades here are only what
 * Mantine computes with in script; every colour on screen comes from the variables.
 */
export const portalMantineTheme = createTheme({
  respectReducedMotion: true,
  colors: { portal: DEFAULT_THEME.colors.blue },
  primaryColor: 'portal',
  primaryShade: 8,
  components: {
    Button: Button.extend({
      vars: (_theme, props) =>
        inPrimary(props.color) && (props.variant ?? 'filled') === 'filled'
          ? { root: { '--button-color': 'var(--portal-primary-contrast)' } }
          : { root: {} },
    }),
    Checkbox: Checkbox.extend({
      vars: (_theme, props) =>
        inPrimary(props.color) ? { root: { '--checkbox-icon-color': 'var(--portal-primary-contrast)' } } : { root: {} },
    }),
    // Fields, fieldsets and dot badges sit on Mantine's "white" in the light scheme; here on the theme's background.
    Input: Input.extend({ styles: { input: { backgroundColor: 'var(--mantine-color-body)' } } }),
    Badge: Badge.extend({
      styles: (_theme, props) => (props.variant === 'dot' ? { root: { backgroundColor: 'var(--mantine-color-body)' } } : {}),
    }),
    Fieldset: Fieldset.extend({ styles: { root: { backgroundColor: 'var(--mantine-color-body)' } } }),
    Alert: Alert.extend({ styles: { title: { color: 'var(--mantine-color-text)' } } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } } }),
  },
});

const greys = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`--mantine-color-gray-${i}`, `var(--portal-grey-${i})`]));

/** Tinted backgrounds (alerts, light buttons) over the theme's background, their text readable on them. */
const accents = Object.fromEntries(
  ['red', 'yellow', 'green', 'teal'].flatMap((name) => [
    [`--mantine-color-${name}-light`, `var(--portal-${name}-tint)`],
    [`--mantine-color-${name}-light-hover`, `var(--portal-${name}-tint-hover)`],
    [`--mantine-color-${name}-light-color`, `var(--portal-${name}-on-tint)`],
  ]),
);

const shades = Object.fromEntries(
  Array.from({ length: 10 }, (_, i) => [`--mantine-color-portal-${i}`, i < 3 ? 'var(--portal-primary-tint)' : 'var(--portal-primary)']),
);

/**
 * Mantine's variables pointed at the portal's (portal-theme.ts), so every component follows the
 * project's theme: the primary colour of buttons, links, checkboxes and focus rings, the page's
 * background and text, the radius of every control and the font.
 */
export const portalCssVariables: CSSVariablesResolver = () => ({
  variables: {
    '--mantine-radius-default': 'var(--portal-radius)',
    '--mantine-font-family': 'var(--portal-font)',
    '--mantine-font-family-headings': 'var(--portal-font)',
  },
  light: {
    ...shades,
    ...greys,
    ...accents,
    '--mantine-color-portal-filled': 'var(--portal-primary)',
    '--mantine-color-portal-filled-hover': 'var(--portal-primary-hover)',
    '--mantine-color-portal-light': 'var(--portal-primary-tint)',
    '--mantine-color-portal-light-hover': 'var(--portal-primary-tint-hover)',
    '--mantine-color-portal-light-color': 'var(--portal-primary-on-tint)',
    '--mantine-color-portal-outline': 'var(--portal-primary)',
    '--mantine-color-portal-outline-hover': 'var(--portal-primary-tint)',
    '--mantine-color-portal-text': 'var(--portal-primary-text)',
    '--mantine-primary-color-contrast': 'var(--portal-primary-contrast)',
    '--mantine-color-anchor': 'var(--portal-primary-text)',
    '--mantine-color-body': 'var(--portal-background)',
    '--mantine-color-text': 'var(--portal-text)',
    // Mantine writes some text (an alert's message) in "black" in the light scheme.
    '--mantine-color-black': 'var(--portal-text)',
    '--mantine-color-dimmed': 'var(--portal-dimmed)',
    '--mantine-color-placeholder': 'var(--portal-dimmed)',
    '--mantine-color-default': 'var(--portal-background)',
    '--mantine-color-default-color': 'var(--portal-text)',
    '--mantine-color-default-hover': 'var(--portal-surface-hover)',
    '--mantine-color-default-border': 'var(--portal-border)',
    // Field errors in a red that is AA on the background (red.6 is not on white).
    '--mantine-color-error': 'var(--portal-red-text)',
  },
  dark: {},
});
