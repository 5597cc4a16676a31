import { useSearchParams } from 'react-router';
import { AuditDetails } from '../../audit/audit-details';
import { formatTime, shortId } from '../../shared/format';
import { Page } from '../../shared/page';
import { noWrap, PagedTable, type Column } from '../../shared/paged-table';
import { useUrlFilters } from '../../shared/url-filters';
import { PlatformActor } from './actor-type';
import { usePlatformAuditLog, type PlatformAuditEntry } from './admin-audit.query';
import { AUDIT_FILTER_KEYS, AuditFilterForm } from './audit-filters';

const COLUMNS: ReadonlyArray<Column<PlatformAuditEntry>> = [
  { header: 'When', cell: (entry) => formatTime(entry.created_at), td: noWrap },
  { header: 'Action', cell: (entry) => entry.action },
  { header: 'By', cell: (entry) => <PlatformActor entry={entry} /> },
  {
    header: 'Organization',
    cell: (entry) => shortId(entry.organization_id),
    td: (entry) => ({ title: entry.organization_id ?? undefined }),
  },
  { header: 'Project', cell: (entry) => shortId(entry.project_id), td: (entry) => ({ title: entry.project_id ?? undefined }) },
  { header: 'Details', cell: (entry) => <AuditDetails metadata={entry.metadata} /> },
];

/** What changed anywhere on the platform (projects, organizations, administration), newest first, filtered as the URL says. */
export function AdminAuditLogPage() {
  const [params] = useSearchParams();
  const { filters, query, page, setFilters, setPage } = useUrlFilters(AUDIT_FILTER_KEYS);
  const log = usePlatformAuditLog(query, page);
  const filtered = Object.keys(query).length > 0;
  return (
    <Page title="Platform audit log">
      <AuditFilterForm key={params.toString()} applied={filters} onApply={setFilters} />
      <PagedTable
        list={log}
        what="the audit log"
        caption={filtered ? 'Audit entries matching the filters, newest first' : 'Audit entries of every plane, newest first'}
        columns={COLUMNS}
        rowKey={(entry) => entry.id}
        empty={filtered ? 'No entry matches these filters.' : 'Nothing audited yet.'}
        page={page}
        onPage={setPage}
        unit="audit entries"
        one="audit entry"
      />
    </Page>
  );
}
