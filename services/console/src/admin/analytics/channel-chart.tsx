import { BarChart } from '@mantine/charts';
import { Box, Text, Title } from '@mantine/core';
import type { Analytics } from '../../analytics/analytics.query';

const CHANNELS = [
  { key: 'email', label: 'Email' },
  { key: 'sms', label: 'SMS' },
  { key: 'webhook', label: 'Webhook' },
] as const;

/** Sent, delivered and failed per channel as bars; the per-channel table beside it is its text alternative. */
export function ChannelChart({ analytics }: { analytics: Analytics }) {
  const data = CHANNELS.map(({ key, label }) => ({ channel: label, ...analytics.channel_breakdown[key] }));
  const busiest = [...data].sort((a, b) => b.sent - a.sent)[0];
  return (
    <Box component="figure" m={0}>
      <Title order={2} size="h4" mb="sm">
        Notifications per channel
      </Title>
      <BarChart
        h={220}
        data={data}
        dataKey="channel"
        withLegend
        series={[
          { name: 'sent', label: 'Sent', color: 'blue.6' },
          { name: 'delivered', label: 'Delivered', color: 'teal.6' },
          { name: 'failed', label: 'Failed', color: 'red.6' },
        ]}
      />
      <Text component="figcaption" size="sm" mt="xs">
        {busiest.sent === 0
          ? 'No notification sent in this range.'
          : `Most sent by ${busiest.channel}: ${busiest.sent} sent, ${busiest.delivered} delivered, ${busiest.failed} failed. The table below has every figure.`}
      </Text>
    </Box>
  );
}
