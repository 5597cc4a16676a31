import { Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { useId } from 'react';
import type { Analytics } from './analytics.query';

const CHANNEL_LABELS = { email: 'Email', sms: 'SMS', webhook: 'Webhook' } as const;

export function formatRate(rate: number): string {
  // One decimal at most, none when whole: 75%, 66.7%.
  return `${Number((rate * 100).toFixed(1))}%`;
}

/** One figure with its name; the group's name is the figure's, so a screen reader reads "Events, 12". */
function Stat({ label, value, hint }: { label: string; value: string; hint: string }) {
  const id = useId();
  return (
    <Paper withBorder p="md" role="group" aria-labelledby={id}>
      <Text size="sm" c="dimmed" id={id}>
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

/** GET /analytics as three figures and a table per channel. */
export function Totals({ analytics }: { analytics: Analytics }) {
  const channels = (Object.keys(CHANNEL_LABELS) as Array<keyof typeof CHANNEL_LABELS>).map((channel) => ({
    channel,
    ...analytics.channel_breakdown[channel],
  }));
  // The api answers 0 while nothing finished; a dash says "no rate yet" rather than "all failed".
  const finished = channels.reduce((sum, c) => sum + c.delivered + c.failed, 0);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label="Events" value={String(analytics.total_events)} hint="accepted in the range" />
        <Stat
          label="Notifications"
          value={String(analytics.total_notifications)}
          hint="one per recipient and channel, suppressed included"
        />
        <Stat
          label="Delivery rate"
          value={finished > 0 ? formatRate(analytics.delivery_rate) : '—'}
          hint={finished > 0 ? 'delivered of those finished (delivered or failed)' : 'none finished in the range'}
        />
      </SimpleGrid>
      <Table striped>
        <Table.Caption>Per channel: sent (every notification not suppressed), delivered and failed</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Channel</Table.Th>
            <Table.Th scope="col">Sent</Table.Th>
            <Table.Th scope="col">Delivered</Table.Th>
            <Table.Th scope="col">Failed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {channels.map((c) => (
            <Table.Tr key={c.channel}>
              <Table.Th scope="row">{CHANNEL_LABELS[c.channel]}</Table.Th>
              <Table.Td>{c.sent}</Table.Td>
              <Table.Td>{c.delivered}</Table.Td>
              <Table.Td>{c.failed}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
