import { Anchor, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { formatTime, shortId } from '../shared/format';
import { DeadLetterStatusBadge } from './dead-letter-status-badge';
import { Page } from '../shared/page';
import { PagedTable } from '../shared/paged-table';
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
      <PagedTable
        list={list}
        what="the dead letters"
        caption="Dead letters matching the filters, newest first"
        columns={[
          {
            header: 'Recipient',
            cell: (item) => (
              <Anchor component={Link} to={`/projects/${projectId}/dead-letters/${item.id}`}>
                {item.recipient || `Dead letter ${shortId(item.id)}`}
              </Anchor>
            ),
          },
          { header: 'Channel', cell: (item) => item.channel },
          { header: 'Reason', cell: (item) => errorTypeLabel(item.error_type) },
          { header: 'Status', cell: (item) => <DeadLetterStatusBadge status={item.status} /> },
          { header: 'Retries', cell: (item) => item.retry_count ?? '—' },
          { header: 'Dead-lettered', cell: (item) => formatTime(item.created_at) },
        ]}
        rowKey={(item) => item.id}
        empty="No dead letter matches these filters."
        page={page}
        onPage={setPage}
        unit="dead letters"
        highlightOnHover
      />
    </Page>
  );
}
