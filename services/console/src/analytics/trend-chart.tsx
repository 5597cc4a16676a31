import { AreaChart } from '@mantine/charts';
import { Box, Table, Text, Title } from '@mantine/core';
import type { Granularity } from './range';
import type { TrendPoint } from './analytics.query';

/** A bucket's start in the viewer's time zone: the hour with its day, or the day alone. */
export function bucketLabel(iso: string, granularity: Granularity): string {
  const date = new Date(iso);
  return granularity === 'hour'
    ? date.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

/** The chart in words, for whoever does not see it. */
function summary(series: TrendPoint[], granularity: Granularity): string {
  const total = series.reduce((sum, p) => sum + p.notifications, 0);
  if (total === 0) return `No notification in this range.`;
  const delivered = series.reduce((sum, p) => sum + (p.delivered ?? 0), 0);
  const failed = series.reduce((sum, p) => sum + (p.failed ?? 0), 0);
  const busiest = series.reduce((best, p) => (p.notifications > best.notifications ? p : best));
  return `${total} notifications in ${series.length} ${granularity === 'hour' ? 'hours' : 'days'}: ${delivered} delivered, ${failed} failed. Busiest: ${bucketLabel(busiest.bucket, granularity)} with ${busiest.notifications}.`;
}

/**
 * GET /analytics/trends drawn as stacked areas, with its text alternative: a sentence under the
 * chart and, a click away, the non-empty buckets as a table.
 */
export function TrendChart({ series, granularity }: { series: TrendPoint[]; granularity: Granularity }) {
  const data = series.map((p) => ({
    label: bucketLabel(p.bucket, granularity),
    notifications: p.notifications,
    delivered: p.delivered ?? 0,
    failed: p.failed ?? 0,
  }));
  const nonEmpty = series.filter((p) => p.notifications > 0);
  return (
    <Box component="figure" m={0}>
      <Title order={2} size="h4" mb="sm">
        Notifications per {granularity}
      </Title>
      <AreaChart
        h={240}
        data={data}
        dataKey="label"
        curveType="monotone"
        withDots={false}
        withLegend
        series={[
          { name: 'notifications', label: 'Created', color: 'blue.6' },
          { name: 'delivered', label: 'Delivered', color: 'teal.6' },
          { name: 'failed', label: 'Failed', color: 'red.6' },
        ]}
      />
      <Text component="figcaption" size="sm" mt="xs">
        {summary(series, granularity)}
      </Text>
      {nonEmpty.length > 0 && (
        <details>
          <Text component="summary" size="sm" style={{ cursor: 'pointer' }}>
            The chart as a table
          </Text>
          <Table striped>
            <Table.Caption>Notifications per {granularity}, oldest first; periods without any are left out</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{granularity === 'hour' ? 'Hour' : 'Day'}</Table.Th>
                <Table.Th scope="col">Created</Table.Th>
                <Table.Th scope="col">Delivered</Table.Th>
                <Table.Th scope="col">Failed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {nonEmpty.map((p) => (
                <Table.Tr key={p.bucket}>
                  <Table.Th scope="row">{bucketLabel(p.bucket, granularity)}</Table.Th>
                  <Table.Td>{p.notifications}</Table.Td>
                  <Table.Td>{p.delivered ?? 0}</Table.Td>
                  <Table.Td>{p.failed ?? 0}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </details>
      )}
    </Box>
  );
}
