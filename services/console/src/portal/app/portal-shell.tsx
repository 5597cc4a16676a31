import { Anchor, Button, Container, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, Outlet } from 'react-router';
import { usePortalApi, usePortalSession, usePortalStore } from '../session/portal.context';

/**
 * The frame of every portal screen: whose portal it is (the project's name, the consumer's) and
 * a way to leave, which ends the session on the api too (the token stops working at once).
 */
export function PortalShell() {
  const session = usePortalSession();
  const store = usePortalStore();
  const api = usePortalApi();
  const leave = useMutation({
    mutationFn: () => api.DELETE('/portal/sessions/current'),
    // Whatever the api answered, this tab no longer holds the session.
    onSettled: () => store.closed('ended'),
  });
  return (
    <>
      <header>
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Anchor component={Link} to="/" fw={700} size="lg" underline="never">
                {session.project.name} webhooks
              </Anchor>
              <Text size="sm" c="dimmed">
                for {session.consumer.name}
              </Text>
            </Group>
            <Button variant="default" size="xs" onClick={() => leave.mutate()} loading={leave.isPending}>
              End session
            </Button>
          </Group>
        </Container>
      </header>
      <Container size="lg" py="md" component="main" id="main">
        <Outlet />
      </Container>
    </>
  );
}
