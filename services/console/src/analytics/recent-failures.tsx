import { Anchor, Group, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { components } from '@herald/client';
import { formatTime } from '../shared/format';
import { RECENT_FAILURES } from './analytics.query';

type Failure = components['schemas']['NotificationListItem'];

/** The newest failed deliveries with why; each recipient opens the notification with its attempts. */
export function RecentFailures({ projectId, failures, total }: { projectId: string; failures: Failure[]; total: number }) {
  const base = `/projects/${projectId}`;
  return (
    <section aria-labelledby="recent-failures">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4" id="recent-failures">
          Recent failures
        </Title>
        {total > RECENT_FAILURES && (
          <Anchor component={Link} to={`${base}/notifications?status=failed`} size="sm">
            All {total} failed notifications
          </Anchor>
        )}
      </Group>
      {failures.length === 0 ? (
        <Text size="sm">No delivery failed in this range.</Text>
      ) : (
        <Table striped highlightOnHover>
          <Table.Caption>The newest failed notifications of the range; a recipient opens its attempts</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Failed</Table.Th>
              <Table.Th scope="col">Channel</Table.Th>
              <Table.Th scope="col">Recipient</Table.Th>
              <Table.Th scope="col">Reason</Table.Th>
              <Table.Th scope="col">Event</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {failures.map((n) => (
              <Table.Tr key={n.id}>
                <Table.Td>{formatTime(n.updated_at)}</Table.Td>
                <Table.Td>{n.channel}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`${base}/notifications/${n.id}`}>
                    {n.recipient}
                  </Anchor>
                </Table.Td>
                <Table.Td>{n.last_error ?? '—'}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`${base}/events/${n.event_id}`} aria-label={`Event of ${n.recipient}`}>
                    Event
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
