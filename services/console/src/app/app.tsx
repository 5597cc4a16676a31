import { Alert, createTheme, MantineProvider, Modal, Notification, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ApiError } from '../session/api-error';
import { createSession, SessionProvider } from '../session/session.context';
import { createConsoleRouter } from './routes';
import { styleNonce } from './style-nonce';

const session = createSession();
const nonce = styleNonce();
const router = createConsoleRouter();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; a network blip or a 5xx may.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
      refetchOnWindowFocus: false,
      staleTime: 5_000,
    },
  },
});

// Shade 8: white on the primary colour, and the primary colour on white, meet WCAG AA (4.5:1); 6 does not.
// Alert titles in the text colour: a yellow or orange title on its light background is below AA.
// Every modal's and notification's close button is named for screen readers.
// Who asks their system for reduced motion gets modals and notifications without their slide and fade.
const theme = createTheme({
  respectReducedMotion: true,
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  components: {
    Alert: Alert.extend({ styles: { title: { color: 'var(--mantine-color-text)' } } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } } }),
  },
});

/**
 * Mantine's dimmed grey and its error red (a refused field's message and text) are below WCAG
 * AA's 4.5:1 on white; secondary text and field errors here stay readable.
 */
const readableDimmed: CSSVariablesResolver = () => ({
  variables: {},
  // The error red likewise: red.6 is 3.3:1 on white (a refused field's text and message), red.9 is 5.5:1.
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-error': 'var(--mantine-color-red-5)' },
});

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" getStyleNonce={() => nonce} cssVariablesResolver={readableDimmed}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <SessionProvider session={session}>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
