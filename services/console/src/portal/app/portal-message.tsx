import { Alert, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../../shared/page';
import type { PortalState } from '../session/portal-session';
import { PORTAL_TITLE_SUFFIX } from './portal-title';

type Closed = Exclude<PortalState, { status: 'open' }>;

const MESSAGES: Record<Exclude<Closed['status'], 'opening' | 'failed'>, { title: string; body: string }> = {
  'link-expired': {
    title: 'This link has expired',
    body: 'A portal link works once, within five minutes of being made. Go back to the page that opened it and open the portal again for a new link.',
  },
  'no-link': {
    title: 'Open the portal from your account',
    body: 'This page needs a portal link. Go back to the page that opened it and open the portal again.',
  },
  closed: {
    title: 'Your session has ended',
    body: 'Go back to the page that opened the portal and open it again to continue.',
  },
};

/** What the portal shows while it has no session: opening one, or why there is none and what to do. */
export function PortalMessage({ state }: { state: Closed }) {
  const message =
    state.status === 'opening'
      ? { title: 'Opening…', body: '' }
      : state.status === 'failed'
        ? { title: 'The portal could not open', body: state.message }
        : state.status === 'closed' && state.reason === 'ended'
          ? { title: 'You have left the portal', body: 'Open it again from the page that opened it to continue.' }
          : MESSAGES[state.status];
  useDocumentTitle(message.title, PORTAL_TITLE_SUFFIX);
  return (
    <Container size="sm" py="xl" component="main">
      {state.status === 'opening' ? (
        <Center>
          <Loader aria-label="Opening the portal" />
        </Center>
      ) : (
        <Stack>
          <Title order={1} size="h2">
            {message.title}
          </Title>
          <Alert color={state.status === 'failed' ? 'red' : 'yellow'} role="alert">
            <Text size="sm">{message.body}</Text>
          </Alert>
        </Stack>
      )}
    </Container>
  );
}
