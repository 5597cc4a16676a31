import { useSearchParams } from 'react-router';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { noWrap, PagedTable, type Column } from '../shared/paged-table';
import { useUrlFilters } from '../shared/url-filters';
import { Actor } from './actor';
import { AuditDetails } from './audit-details';
import { AUDIT_FILTER_KEYS, AuditFilterForm } from './audit-filters';
import { useAuditLog, type AuditEntry } from './audit.query';

const COLUMNS: ReadonlyArray<Column<AuditEntry>> = [
  { header: 'When', cell: (entry) => formatTime(entry.created_at), td: noWrap },
  { header: 'Action', cell: (entry) => entry.action },
  { header: 'By', cell: (entry) => <Actor entry={entry} /> },
  { header: 'Details', cell: (entry) => <AuditDetails metadata={entry.metadata} /> },
];

/** Who changed what in the project, newest first, filtered as the URL says. */
export function AuditLogPage() {
  const [params] = useSearchParams();
  const { filters, query, page, setFilters, setPage } = useUrlFilters(AUDIT_FILTER_KEYS);
  const log = useAuditLog(query, page);
  const filtered = Object.keys(query).length > 0;
  return (
    <Page title="Audit log">
      <AuditFilterForm key={params.toString()} applied={filters} onApply={setFilters} />
      <PagedTable
        list={log}
        what="the audit log"
        caption={filtered ? 'Audit entries matching the filters, newest first' : 'Audit entries, newest first'}
        columns={COLUMNS}
        rowKey={(entry) => entry.id}
        empty={filtered ? 'No entry matches these filters.' : 'Nothing changed in this project yet.'}
        page={page}
        onPage={setPage}
        unit="audit entries"
      />
    </Page>
  );
}
