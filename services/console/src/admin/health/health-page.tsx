import { Group, Loader, Table, Text } from '@mantine/core';
import { ErrorAlert } from '../../shared/error-alert';
import { FactsTable } from '../../shared/facts-table';
import { Page } from '../../shared/page';
import { StatusBadge } from '../../shared/status-badge';
import { usePlatformHealth, type PlatformHealth } from './health.query';

/** A part's answer ("ok" or "error: ...") as a badge a person reads at a glance, with the error's words. */
function PartStatus({ value }: { value: string }) {
  return value === 'ok' ? <StatusBadge status="ok" /> : <Text c="red.9">{value}</Text>;
}

const age = (seconds: number | null) => (seconds === null ? '—' : `${seconds} s`);
const count = (n: number | null) => (n === null ? 'not on the broker' : String(n));

function Facts({ health }: { health: PlatformHealth }) {
  return (
    <FactsTable
      caption="Platform parts"
      rows={[
        ['Overall', <StatusBadge key="s" status={health.status} />],
        ['Database', <PartStatus key="d" value={health.database} />],
        [`Broker (${health.queue_driver})`, <PartStatus key="b" value={health.broker} />],
        ['Outbox backlog', health.outbox ? String(health.outbox.backlog) : 'unknown (database down)'],
        ['Oldest in outbox', health.outbox ? age(health.outbox.oldest_age_seconds) : '—'],
        ['Scheduled events due', health.scheduled_events ? String(health.scheduled_events.due) : 'unknown (database down)'],
        ['Oldest due', health.scheduled_events ? age(health.scheduled_events.oldest_due_age_seconds) : '—'],
      ]}
    />
  );
}

function Queues({ queues }: { queues: PlatformHealth['queues'] }) {
  return (
    <Table striped maw={900}>
      <Table.Caption>Every queue: messages waiting and consumers attached</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Queue</Table.Th>
          <Table.Th scope="col">Messages</Table.Th>
          <Table.Th scope="col">Consumers</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {queues.map((queue) => (
          <Table.Tr key={queue.name}>
            <Table.Th scope="row" fw={400}>
              {queue.name}
            </Table.Th>
            <Table.Td>{count(queue.messages)}</Table.Td>
            <Table.Td>{count(queue.consumers)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The platform's state, asked again every 2 seconds, with the time of the last answer. */
export function HealthPage() {
  const health = usePlatformHealth();
  return (
    <Page
      title="Health"
      actions={
        health.data && (
          <Group gap="xs">
            {health.isFetching && <Loader size="xs" aria-hidden />}
            <Text size="sm" c="dimmed">
              Updated at {new Date(health.dataUpdatedAt).toLocaleTimeString()}
            </Text>
          </Group>
        )
      }
    >
      <Text size="sm" c="dimmed">
        Refreshed every 2 seconds while this page is open.
      </Text>
      <ErrorAlert error={health.error} title="Could not read the platform's health" />
      {health.isLoading && <Loader aria-label="Loading the platform's health" />}
      {health.data && (
        <>
          <Facts health={health.data} />
          <Queues queues={health.data.queues} />
        </>
      )}
    </Page>
  );
}
