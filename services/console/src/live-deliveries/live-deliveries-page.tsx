import { Anchor, Badge, Button, Group, NativeSelect, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { CHANNEL_OPTIONS, channelLabel, type Channel } from '../shared/channels';
import { ErrorAlert } from '../shared/error-alert';
import { FilterForm } from '../shared/filter-form';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { StatusBadge } from '../shared/status-badge';
import { useUrlFilters } from '../shared/url-filters';
import { OUTCOMES, useDeliveryStream, type ConnectionState, type DeliveryOutcome } from './delivery-stream';
import { TAIL_LIMIT, useTail, type TailRow } from './tail';

const FILTER_KEYS = ['channel', 'outcome'] as const;

const CONNECTION: Record<ConnectionState, { label: string; color: string }> = {
  connecting: { label: 'Connecting…', color: 'blue' },
  live: { label: 'Live', color: 'green' },
  reconnecting: { label: 'Reconnecting…', color: 'orange' },
  closed: { label: 'Not connected', color: 'red' },
};

/** Values from the URL, which anyone may have edited: one the api does not know filters nothing. */
const knownChannel = (value: string): Channel | undefined => CHANNEL_OPTIONS.find((c) => c.value === value)?.value;
const knownOutcome = (value: string): DeliveryOutcome | undefined => OUTCOMES.find((o) => o === value);

/** Remounted when the URL changes (back button), so the fields show what the tail follows. */
function TailFilters({
  channel,
  outcome,
  onApply,
}: {
  channel: string;
  outcome: string;
  onApply(next: { channel: string; outcome: string }): void;
}) {
  const [draft, setDraft] = useState({ channel, outcome });
  return (
    <FilterForm
      label="live deliveries"
      onApply={() => onApply(draft)}
      onClear={() => {
        setDraft({ channel: '', outcome: '' });
        onApply({ channel: '', outcome: '' });
      }}
    >
      <NativeSelect
        label="Channel"
        data={[{ value: '', label: 'Any channel' }, ...CHANNEL_OPTIONS]}
        value={draft.channel}
        onChange={(e) => setDraft({ ...draft, channel: e.currentTarget.value })}
      />
      <NativeSelect
        label="Outcome"
        data={[{ value: '', label: 'Any outcome' }, ...OUTCOMES]}
        value={draft.outcome}
        onChange={(e) => setDraft({ ...draft, outcome: e.currentTarget.value })}
      />
    </FilterForm>
  );
}

function DeliveryRow({ row, projectId }: { row: TailRow; projectId: string }) {
  return (
    <Table.Tr>
      <Table.Td>
        <time dateTime={row.at} title={formatTime(row.at)}>
          {new Date(row.at).toLocaleTimeString()}
        </time>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={`/projects/${projectId}/events/${row.event_id}`}>
          {row.event_type}
        </Anchor>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.recipient}</Table.Td>
      <Table.Td>{channelLabel(row.channel)}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <StatusBadge status={row.outcome} />
          <Text size="xs" c="dimmed">
            attempt {row.attempt}
          </Text>
        </Group>
        {row.error && (
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {row.error}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{row.latency_ms === null ? '—' : `${Math.round(row.latency_ms)} ms`}</Table.Td>
    </Table.Tr>
  );
}

/** One stream's tail: remounted when a filter changes, which reopens the stream and starts the rows afresh. */
function Tail({ channel, outcome }: { channel?: Channel; outcome?: DeliveryOutcome }) {
  const projectId = useProjectId();
  const tail = useTail();
  const [missed, setMissed] = useState(false);
  const stream = useDeliveryStream({ channel, outcome }, { onDelivery: tail.add, onReset: () => setMissed(true) });
  const connection = CONNECTION[stream.state];
  return (
    <>
      <Group justify="space-between" align="center">
        {/* role=status is a polite live region: a screen reader hears the connection change without being interrupted. */}
        <Group gap="xs" role="status">
          <Text size="sm">Connection:</Text>
          <Badge variant="dot" color={connection.color} tt="none" size="lg">
            {connection.label}
          </Badge>
        </Group>
        {tail.paused ? (
          <Button onClick={tail.resume}>Resume</Button>
        ) : (
          <Button variant="default" onClick={tail.pause}>
            Pause
          </Button>
        )}
      </Group>
      <Text size="sm" role="status">
        {tail.paused &&
          `Paused: ${tail.held === 1 ? '1 new delivery is' : `${tail.held} new deliveries are`} waiting. Resume to show ${tail.held === 1 ? 'it' : 'them'}.`}
      </Text>
      <ErrorAlert error={stream.error} title="Could not follow the deliveries" />
      {missed && (
        <Text size="sm">
          Some deliveries happened while the connection was away and are not shown here: find them under{' '}
          <Anchor component={Link} to={`/projects/${projectId}/notifications`}>
            Notifications
          </Anchor>
          .
        </Text>
      )}
      <Table striped>
        <Table.Caption>Deliveries as they happen, newest first (the latest {TAIL_LIMIT} are kept)</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Time</Table.Th>
            <Table.Th scope="col">Event type</Table.Th>
            <Table.Th scope="col">Recipient</Table.Th>
            <Table.Th scope="col">Channel</Table.Th>
            <Table.Th scope="col">Outcome</Table.Th>
            <Table.Th scope="col">Latency</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tail.rows.map((row) => (
            <DeliveryRow key={row.cursor} row={row} projectId={projectId} />
          ))}
        </Table.Tbody>
      </Table>
      {tail.rows.length === 0 && (
        <Text size="sm">No delivery since this view opened: each attempt appears here as its worker records it.</Text>
      )}
    </>
  );
}

/** The project's delivery attempts as they happen, from the api's event stream. */
export function LiveDeliveriesPage() {
  const { filters, setFilters } = useUrlFilters(FILTER_KEYS);
  const channel = knownChannel(filters.channel);
  const outcome = knownOutcome(filters.outcome);
  return (
    <Page title="Live deliveries">
      <TailFilters key={`${filters.channel}|${filters.outcome}`} channel={filters.channel} outcome={filters.outcome} onApply={setFilters} />
      <Tail key={`${channel}|${outcome}`} channel={channel} outcome={outcome} />
    </Page>
  );
}
