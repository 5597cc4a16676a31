import { Anchor, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { components } from '@herald/client';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useProjectApi } from '../projects/current-project';
import { unwrap } from '../session/api-error';
import { ErrorAlert } from '../shared/error-alert';
import { StatusBadge } from '../shared/status-badge';

type EventDetail = components['schemas']['EventDetail'];

const UNSETTLED_EVENT = new Set(['accepted', 'processing']);
const UNSETTLED_NOTIFICATION = new Set(['processing', 'retrying']);

/** Settled: fan-out has run and no notification is still waiting for an attempt. */
function settled(event: EventDetail | undefined): boolean {
  if (!event || UNSETTLED_EVENT.has(event.status)) return false;
  return event.notifications.every((n) => !UNSETTLED_NOTIFICATION.has(n.status));
}

/** The event just sent, asked for every second until it settles: its status and each notification's. */
export function EventArrival({ projectId, eventId }: { projectId: string; eventId: string }) {
  const api = useProjectApi();
  const event = useQuery({
    queryKey: ['projects', projectId, 'events', eventId],
    queryFn: async () => unwrap(await api.GET('/events/{id}', { params: { path: { id: eventId } } })),
    refetchInterval: (query) => (settled(query.state.data) || query.state.error ? false : 1000),
    staleTime: 0,
  });
  const data = event.data;
  const done = settled(data);
  const panel = useRef<HTMLElement>(null);
  // The panel appears below a long form: bring it into view so the sender sees it arrive.
  useEffect(() => panel.current?.scrollIntoView({ block: 'nearest' }), []);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="arrival-heading" ref={panel}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="arrival-heading">
            Sent event
          </Title>
          <Anchor component={Link} to={`/projects/${projectId}/events/${eventId}`}>
            Open the event’s details
          </Anchor>
        </Group>
        <ErrorAlert error={event.error} title="Could not follow the event" />
        <Group gap="xs" aria-live="polite" role="status">
          <Text size="sm">Event {eventId}:</Text>
          {data ? <StatusBadge status={data.status} /> : <Text size="sm">sending…</Text>}
          {!done && !event.error && <Loader size="xs" aria-label="Waiting for deliveries" />}
          {done && <Text size="sm">Settled.</Text>}
        </Group>
        {data && data.notifications.length > 0 && (
          <Table>
            <Table.Caption>Notifications of this event</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Channel</Table.Th>
                <Table.Th scope="col">Recipient</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.notifications.map((n) => (
                <Table.Tr key={n.id}>
                  <Table.Td>{n.channel}</Table.Td>
                  <Table.Td>{n.recipient ?? ''}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={n.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {data?.failure_reason && <Text c="red">{data.failure_reason}</Text>}
      </Stack>
    </Paper>
  );
}
