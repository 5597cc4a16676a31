import '@mantine/charts/styles.css';
import { useSearchParams } from 'react-router';
import { formatTime, shortId } from '../../shared/format';
import { Page } from '../../shared/page';
import { PagedTable, type Column } from '../../shared/paged-table';
import { useUrlFilters } from '../../shared/url-filters';
import { UsageChart } from '../../usage/usage-chart';
import { CHART_ROWS, usePlatformUsage, type PlatformUsageItem } from './admin-usage.query';
import { USAGE_FILTER_KEYS, UsageFilterForm } from './usage-filters';

const COLUMNS: ReadonlyArray<Column<PlatformUsageItem>> = [
  { header: 'Hour', cell: (item) => formatTime(item.hour) },
  { header: 'Organization', cell: (item) => shortId(item.organization_id), td: (item) => ({ title: item.organization_id }) },
  { header: 'Project', cell: (item) => shortId(item.project_id), td: (item) => ({ title: item.project_id }) },
  { header: 'Endpoint', cell: (item) => item.endpoint },
  { header: 'Requests', cell: (item) => item.request_count },
];

/** Requests made with every project's keys, per endpoint per hour: a chart of the newest hours and the paged table. */
export function AdminUsagePage() {
  const [params] = useSearchParams();
  const { filters, query, page, setFilters, setPage } = useUrlFilters(USAGE_FILTER_KEYS);
  const usage = usePlatformUsage(query, page);
  const chart = usePlatformUsage(query, 1, CHART_ROWS);
  const filtered = Object.keys(query).length > 0;
  return (
    <Page title="Platform usage">
      <UsageFilterForm key={params.toString()} applied={filters} onApply={setFilters} />
      {chart.data && chart.data.items.length > 0 && <UsageChart items={chart.data.items} />}
      <PagedTable
        list={{ data: usage.data, error: usage.error ?? chart.error, isLoading: usage.isLoading || chart.isLoading }}
        what="the usage"
        caption={
          filtered
            ? 'Requests per project and endpoint per hour matching the filters, newest hour first'
            : 'Requests per project and endpoint per hour, newest hour first'
        }
        columns={COLUMNS}
        rowKey={(item) => `${item.hour} ${item.project_id} ${item.endpoint}`}
        empty={filtered ? 'No request matches these filters.' : 'No request with any key yet.'}
        page={page}
        onPage={setPage}
        unit="rows"
      />
    </Page>
  );
}
