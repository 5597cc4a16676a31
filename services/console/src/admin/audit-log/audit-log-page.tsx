import { Loader, Table, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { AuditDetails } from '../../audit/audit-details';
import { ErrorAlert } from '../../shared/error-alert';
import { formatTime } from '../../shared/format';
import { Page } from '../../shared/page';
import { Pager } from '../../shared/pager';
import { useUrlFilters } from '../../shared/url-filters';
import { PlatformActor } from './actor-type';
import { usePlatformAuditLog } from './admin-audit.query';
import { AUDIT_FILTER_KEYS, AuditFilterForm } from './audit-filters';

const short = (id: string | null) => (id ? id.slice(0, 8) : '—');

/** What changed anywhere on the platform (projects, organizations, administration), newest first, filtered as the URL says. */
export function AdminAuditLogPage() {
  const [params] = useSearchParams();
  const { filters, query, page, setFilters, setPage } = useUrlFilters(AUDIT_FILTER_KEYS);
  const log = usePlatformAuditLog(query, page);
  const filtered = Object.keys(query).length > 0;
  return (
    <Page title="Platform audit log">
      <AuditFilterForm key={params.toString()} applied={filters} onApply={setFilters} />
      <ErrorAlert error={log.error} title="Could not load the audit log" />
      {log.isLoading && <Loader aria-label="Loading the audit log" />}
      {log.data && (
        <>
          <Table striped>
            <Table.Caption>
              {filtered ? 'Audit entries matching the filters, newest first' : 'Audit entries of every plane, newest first'}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Action</Table.Th>
                <Table.Th scope="col">By</Table.Th>
                <Table.Th scope="col">Organization</Table.Th>
                <Table.Th scope="col">Project</Table.Th>
                <Table.Th scope="col">Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.items.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(entry.created_at)}</Table.Td>
                  <Table.Td>{entry.action}</Table.Td>
                  <Table.Td>
                    <PlatformActor entry={entry} />
                  </Table.Td>
                  <Table.Td title={entry.organization_id ?? undefined}>{short(entry.organization_id)}</Table.Td>
                  <Table.Td title={entry.project_id ?? undefined}>{short(entry.project_id)}</Table.Td>
                  <Table.Td>
                    <AuditDetails metadata={entry.metadata} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {log.data.items.length === 0 && <Text>{filtered ? 'No entry matches these filters.' : 'Nothing audited yet.'}</Text>}
          <Pager
            page={page}
            totalPages={log.data.total_pages}
            total={log.data.total}
            onChange={setPage}
            label="audit entries"
            one="audit entry"
          />
        </>
      )}
    </Page>
  );
}
