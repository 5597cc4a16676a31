import { Alert, createTheme, Modal, Notification, type CSSVariablesResolver } from '@mantine/core';

/** The portal's Mantine theme: the console's accessibility choices, with the project's look left to CSS variables. */
export const portalMantineTheme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  components: {
    Alert: Alert.extend({ styles: { title: { color: 'var(--mantine-color-text)' } } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } } }),
  },
});

/**
 * Mantine's variables pointed at the portal's (portal-theme.ts), so every component follows the
 * project's theme: the primary colour of buttons, links, checkboxes and focus rings, the page's
 * background and text, the radius of every control and the font.
 */
export const portalCssVariables: CSSVariablesResolver = () => ({
  variables: {
    '--mantine-primary-color-filled': 'var(--portal-primary)',
    '--mantine-primary-color-filled-hover': 'var(--portal-primary-hover)',
    '--mantine-primary-color-contrast': 'var(--portal-primary-contrast)',
    '--mantine-primary-color-light': 'var(--portal-primary-tint)',
    '--mantine-primary-color-light-hover': 'var(--portal-primary-tint-hover)',
    '--mantine-primary-color-light-color': 'var(--portal-primary)',
    '--mantine-radius-default': 'var(--portal-radius)',
    '--mantine-font-family': 'var(--portal-font)',
    '--mantine-font-family-headings': 'var(--portal-font)',
  },
  light: {
    '--mantine-color-body': 'var(--portal-background)',
    '--mantine-color-text': 'var(--portal-text)',
    '--mantine-color-dimmed': 'var(--portal-dimmed)',
    '--mantine-color-placeholder': 'var(--portal-dimmed)',
    '--mantine-color-anchor': 'var(--portal-primary)',
    '--mantine-color-default': 'var(--portal-background)',
    '--mantine-color-default-color': 'var(--portal-text)',
    '--mantine-color-default-hover': 'var(--portal-surface-hover)',
    '--mantine-color-default-border': 'var(--portal-border)',
    // Field errors in a red that is AA on white (red.6 is not), as in the console.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
