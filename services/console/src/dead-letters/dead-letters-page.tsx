import { Anchor, Loader, Table, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { ErrorAlert } from '../shared/error-alert';
import { formatTime } from '../shared/format';
import { DeadLetterStatusBadge } from './dead-letter-status-badge';
import { Page } from '../shared/page';
import { Pager } from '../shared/pager';
import { useUrlFilters } from '../shared/url-filters';
import { errorTypeLabel, FILTER_KEYS } from './dead-letter-filter';
import { DeadLetterFilterForm } from './dead-letter-filter-form';
import { useDeadLetterList } from './dead-letters.query';
import { ReplayButton } from './replay-button';

/** Deliveries that failed for good, newest first: filter them, open one, or replay all that match. */
export function DeadLettersPage() {
  const projectId = useProjectId();
  const [params] = useSearchParams();
  const { filters, query, page, setFilters, setPage } = useUrlFilters(FILTER_KEYS);
  const list = useDeadLetterList(query, page);
  const formKey = FILTER_KEYS.map((k) => params.get(k) ?? '').join('|');
  return (
    <Page title="Dead letters" actions={<ReplayButton filter={query} />}>
      <Text size="sm" c="dimmed">
        A delivery lands here when its target refused it for good or it ran out of attempts. Retry one, discard it, or replay everything
        that matches the filters once the target is fixed.
      </Text>
      <DeadLetterFilterForm key={formKey} value={filters} onApply={setFilters} />
      <ErrorAlert error={list.error} title="Could not load the dead letters" />
      {list.isLoading && <Loader aria-label="Loading dead letters" />}
      {list.data && (
        <>
          <Table striped highlightOnHover>
            <Table.Caption>Dead letters matching the filters, newest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Recipient</Table.Th>
                <Table.Th scope="col">Channel</Table.Th>
                <Table.Th scope="col">Reason</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Retries</Table.Th>
                <Table.Th scope="col">Dead-lettered</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/projects/${projectId}/dead-letters/${item.id}`}>
                      {item.recipient || `Dead letter ${item.id.slice(0, 8)}`}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{item.channel}</Table.Td>
                  <Table.Td>{errorTypeLabel(item.error_type)}</Table.Td>
                  <Table.Td>
                    <DeadLetterStatusBadge status={item.status} />
                  </Table.Td>
                  <Table.Td>{item.retry_count ?? '—'}</Table.Td>
                  <Table.Td>{formatTime(item.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {list.data.items.length === 0 && <Text>No dead letter matches these filters.</Text>}
          <Pager page={page} totalPages={list.data.total_pages} total={list.data.total} onChange={setPage} label="dead letters" />
        </>
      )}
    </Page>
  );
}
