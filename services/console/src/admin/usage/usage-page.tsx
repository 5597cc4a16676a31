import '@mantine/charts/styles.css';
import { Loader, Table, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../shared/error-alert';
import { formatTime } from '../../shared/format';
import { Page } from '../../shared/page';
import { Pager } from '../../shared/pager';
import { useUrlFilters } from '../../shared/url-filters';
import { UsageChart } from '../../usage/usage-chart';
import { CHART_ROWS, usePlatformUsage } from './admin-usage.query';
import { USAGE_FILTER_KEYS, UsageFilterForm } from './usage-filters';

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
      <ErrorAlert error={usage.error ?? chart.error} title="Could not load the usage" />
      {(usage.isLoading || chart.isLoading) && <Loader aria-label="Loading the usage" />}
      {chart.data && chart.data.items.length > 0 && <UsageChart items={chart.data.items} />}
      {usage.data && (
        <>
          <Table striped>
            <Table.Caption>
              {filtered
                ? 'Requests per project and endpoint per hour matching the filters, newest hour first'
                : 'Requests per project and endpoint per hour, newest hour first'}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Hour</Table.Th>
                <Table.Th scope="col">Organization</Table.Th>
                <Table.Th scope="col">Project</Table.Th>
                <Table.Th scope="col">Endpoint</Table.Th>
                <Table.Th scope="col">Requests</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {usage.data.items.map((item) => (
                <Table.Tr key={`${item.hour} ${item.project_id} ${item.endpoint}`}>
                  <Table.Td>{formatTime(item.hour)}</Table.Td>
                  <Table.Td title={item.organization_id}>{item.organization_id.slice(0, 8)}</Table.Td>
                  <Table.Td title={item.project_id}>{item.project_id.slice(0, 8)}</Table.Td>
                  <Table.Td>{item.endpoint}</Table.Td>
                  <Table.Td>{item.request_count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {usage.data.items.length === 0 && <Text>{filtered ? 'No request matches these filters.' : 'No request with any key yet.'}</Text>}
          <Pager page={page} totalPages={usage.data.total_pages} total={usage.data.total} onChange={setPage} label="rows" />
        </>
      )}
    </Page>
  );
}
