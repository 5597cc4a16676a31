import { Alert, createTheme, DEFAULT_THEME, Modal, Notification, type CSSVariablesResolver } from '@mantine/core';

/**
 * The portal's Mantine theme: the console's accessibility choices, and a primary palette named
 * `portal` whose CSS variables follow the project's theme (below). Its shades here are only what
 * Mantine computes with in script; every colour on screen comes from the variables.
 */
export const portalMantineTheme = createTheme({
  colors: { portal: DEFAULT_THEME.colors.blue },
  primaryColor: 'portal',
  primaryShade: 8,
  components: {
    Alert: Alert.extend({ styles: { title: { color: 'var(--mantine-color-text)' } } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } } }),
  },
});

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
    '--mantine-color-portal-filled': 'var(--portal-primary)',
    '--mantine-color-portal-filled-hover': 'var(--portal-primary-hover)',
    '--mantine-color-portal-light': 'var(--portal-primary-tint)',
    '--mantine-color-portal-light-hover': 'var(--portal-primary-tint-hover)',
    '--mantine-color-portal-light-color': 'var(--portal-primary)',
    '--mantine-color-portal-outline': 'var(--portal-primary)',
    '--mantine-color-portal-outline-hover': 'var(--portal-primary-tint)',
    '--mantine-color-portal-text': 'var(--portal-primary)',
    '--mantine-primary-color-contrast': 'var(--portal-primary-contrast)',
    '--mantine-color-anchor': 'var(--portal-primary)',
    '--mantine-color-body': 'var(--portal-background)',
    '--mantine-color-text': 'var(--portal-text)',
    '--mantine-color-dimmed': 'var(--portal-dimmed)',
    '--mantine-color-placeholder': 'var(--portal-dimmed)',
    '--mantine-color-default': 'var(--portal-background)',
    '--mantine-color-default-color': 'var(--portal-text)',
    '--mantine-color-default-hover': 'var(--portal-surface-hover)',
    '--mantine-color-default-border': 'var(--portal-border)',
    // Field errors in a red that is AA on white (red.6 is not), as in the console.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
