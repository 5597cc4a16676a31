import { Anchor, Code, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { NotificationAttempts } from '../notifications/notification-attempts';
import { ErrorAlert } from '../shared/error-alert';
import { FactsTable } from '../shared/facts-table';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { StatusBadge } from '../shared/status-badge';
import { isSettled, LIVE_INTERVAL_MS, type EventDetail } from './events.query';
import { useLiveEvent } from './live-event';

/** Past this many notifications the page lists them and each one's attempts are a click away, not all fetched at once. */
const TIMELINES_SHOWN = 10;

function Summary({ event }: { event: EventDetail }) {
  const rows: Array<[string, ReactNode]> = [
    ['Status', <StatusBadge key="s" status={event.status} />],
    ['Priority', event.priority],
    ['Created', formatTime(event.created_at)],
    ['Updated', formatTime(event.updated_at)],
    ['Recipients', event.recipient_count ?? '—'],
    ['Event ID', <Code key="id">{event.id}</Code>],
    ['Idempotency key', event.idempotency_key ?? '—'],
  ];
  if (event.failure_reason) rows.push(['Why it failed', event.failure_reason]);
  return <FactsTable caption="About this event" rows={rows} nameWidth={180} />;
}

/** JSON as it was sent, indented; a long one scrolls inside its box, which the keyboard can reach. */
function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <Code block role="region" tabIndex={0} aria-label={label} mah={420} style={{ overflow: 'auto' }}>
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}

function Notifications({ event, projectId, streamed }: { event: EventDetail; projectId: string; streamed: boolean }) {
  const notifications = event.notifications;
  if (notifications.length === 0) {
    return <Text>{isSettled(event) ? 'This event has no notifications.' : 'Fan-out has not created the notifications yet.'}</Text>;
  }
  return (
    <Stack gap="lg">
      <Table striped>
        <Table.Caption>Notifications of this event: one per recipient and channel</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Recipient</Table.Th>
            <Table.Th scope="col">Channel</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {notifications.map((n) => (
            <Table.Tr key={n.id}>
              <Table.Td>
                <Anchor component={Link} to={`/projects/${projectId}/notifications/${n.id}`}>
                  {n.recipient ?? n.id}
                </Anchor>
              </Table.Td>
              <Table.Td>{n.channel}</Table.Td>
              <Table.Td>
                <StatusBadge status={n.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={2} size="h3">
        Attempts
      </Title>
      {notifications.length > TIMELINES_SHOWN && (
        <Text size="sm">
          The first {TIMELINES_SHOWN} notifications are shown; open a recipient above to see the attempts of the others.
        </Text>
      )}
      {notifications.slice(0, TIMELINES_SHOWN).map((n) => (
        <Stack key={n.id} gap="xs" component="section" aria-label={`${n.recipient ?? n.id} by ${n.channel}`}>
          <Group gap="sm">
            <Title order={3} size="h5">
              {n.recipient ?? n.id} · {n.channel}
            </Title>
            <StatusBadge status={n.status} />
          </Group>
          <NotificationAttempts notificationId={n.id} recipient={n.recipient ?? n.id} channel={n.channel} poll={!streamed} />
        </Stack>
      ))}
    </Stack>
  );
}

/** One event: what was sent, to whom, and every attempt of every delivery, live until it settles (streamed, or polled when the stream is not open). */
export function EventDetailPage() {
  const projectId = useProjectId();
  const { eventId = '' } = useParams();
  const { event, streamed } = useLiveEvent(eventId);
  const data = event.data;
  return (
    <Page title={data ? `Event ${data.event_type}` : 'Event'}>
      <Anchor component={Link} to={`/projects/${projectId}/events`} size="sm">
        All events
      </Anchor>
      <ErrorAlert error={event.error} title="Could not load the event" />
      {event.isLoading && <Loader aria-label="Loading the event" />}
      {data && (
        <>
          <Text size="sm" role="status">
            {isSettled(data)
              ? ''
              : streamed
                ? 'Deliveries in progress: this page follows them as they happen.'
                : `Deliveries in progress: this page refreshes every ${LIVE_INTERVAL_MS / 1000} s.`}
          </Text>
          <Summary event={data} />
          <Title order={2} size="h3">
            Payload
          </Title>
          <JsonBlock value={data.payload} label="Payload" />
          {data.metadata && (
            <>
              <Title order={2} size="h3">
                Metadata
              </Title>
              <JsonBlock value={data.metadata} label="Metadata" />
            </>
          )}
          <Title order={2} size="h3">
            Notifications
          </Title>
          <Notifications event={data} projectId={projectId} streamed={streamed} />
        </>
      )}
    </Page>
  );
}
