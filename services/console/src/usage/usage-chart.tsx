import { BarChart } from '@mantine/charts';
import { Box, Text, Title } from '@mantine/core';
import type { UsageItem } from './usage.query';

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'pink.6', 'lime.7', 'indigo.6'];
/** Past this many endpoints the rest share one bar segment, so the legend stays readable. */
const MAX_SERIES = COLORS.length - 1;

const endpointName = (item: UsageItem) => `${item.method ?? ''} ${item.endpoint}`.trim();
const hourLabel = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** Rows (hour, endpoint, count) turned into one bar per hour, oldest first, stacked by endpoint. */
function pivot(items: UsageItem[]) {
  const totals = new Map<string, number>();
  for (const item of items) totals.set(endpointName(item), (totals.get(endpointName(item)) ?? 0) + item.request_count);
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  const shown = new Set(ranked.slice(0, MAX_SERIES));
  const other = ranked.length > MAX_SERIES ? 'Other endpoints' : undefined;
  const hours = new Map<string, Record<string, string | number>>();
  for (const item of [...items].sort((a, b) => a.hour.localeCompare(b.hour))) {
    const row = hours.get(item.hour) ?? { hour: hourLabel(item.hour) };
    const name = shown.has(endpointName(item)) ? endpointName(item) : other!;
    row[name] = Number(row[name] ?? 0) + item.request_count;
    hours.set(item.hour, row);
  }
  const names = [...shown, ...(other ? [other] : [])];
  return { data: [...hours.values()], names, totals: ranked.map((name) => ({ name, count: totals.get(name)! })), hours: hours.size };
}

/** Requests per hour stacked by endpoint; the table under it is its text alternative, this caption its summary. */
export function UsageChart({ items }: { items: UsageItem[] }) {
  const { data, names, totals, hours } = pivot(items);
  const total = totals.reduce((sum, t) => sum + t.count, 0);
  return (
    <Box component="figure" m={0}>
      <Title order={2} size="h4" mb="sm">
        Requests per hour
      </Title>
      <BarChart
        h={240}
        data={data}
        dataKey="hour"
        type="stacked"
        withLegend
        series={names.map((name, i) => ({ name, color: COLORS[i % COLORS.length] }))}
      />
      <Text component="figcaption" size="sm" mt="xs">
        {total === 0
          ? 'No request in this range.'
          : `${total} requests in ${hours} ${hours === 1 ? 'hour' : 'hours'}; most to ${totals[0].name} (${totals[0].count}).`}
      </Text>
    </Box>
  );
}
