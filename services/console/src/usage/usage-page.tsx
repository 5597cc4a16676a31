import '@mantine/charts/styles.css';
import { Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { PagedTable, type Column } from '../shared/paged-table';
import { useUrlFilters } from '../shared/url-filters';
import { UsageChart } from './usage-chart';
import { USAGE_FILTER_KEYS, UsageFilterForm } from './usage-filters';
import { CHART_ROWS, useUsage, type UsageItem } from './usage.query';

const COLUMNS: ReadonlyArray<Column<UsageItem>> = [
  { header: 'Hour', cell: (item) => formatTime(item.hour) },
  { header: 'Method', cell: (item) => item.method ?? '—' },
  { header: 'Endpoint', cell: (item) => item.endpoint },
  { header: 'Requests', cell: (item) => item.request_count },
];

/** Calls made with the project's keys, per endpoint per hour: a chart of the newest hours and the paged table. */
export function UsagePage() {
  const [params] = useSearchParams();
  const { filters, query, page, setFilters, setPage } = useUrlFilters(USAGE_FILTER_KEYS);
  const usage = useUsage(query, page);
  const chart = useUsage(query, 1, CHART_ROWS);
  const filtered = Object.keys(query).length > 0;
  return (
    <Page title="Usage">
      <Text size="sm" c="dimmed">
        Requests made with the project&apos;s API keys, whatever their answer; the current hour can lag by about 10 seconds.
      </Text>
      <UsageFilterForm key={params.toString()} applied={filters} onApply={setFilters} />
      {chart.data && chart.data.items.length > 0 && <UsageChart items={chart.data.items} />}
      <PagedTable
        list={{ data: usage.data, error: usage.error ?? chart.error, isLoading: usage.isLoading || chart.isLoading }}
        what="the usage"
        caption={
          filtered
            ? 'Requests per endpoint per hour matching the filters, newest hour first'
            : 'Requests per endpoint per hour, newest hour first'
        }
        columns={COLUMNS}
        rowKey={(item) => `${item.hour} ${item.method ?? ''} ${item.endpoint}`}
        empty={filtered ? 'No request matches these filters.' : 'No request with a key of this project yet.'}
        page={page}
        onPage={setPage}
        unit="rows"
      />
    </Page>
  );
}
