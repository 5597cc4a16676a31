import { Code } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AuditDetails } from '../audit/audit-details';
import { projectsKey } from '../projects/projects.query';
import { unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { formatTime, shortId } from '../shared/format';
import { noWrap, PagedTable, type Column } from '../shared/paged-table';
import { useUrlFilters } from '../shared/url-filters';
import { AUDIT_KEYS, AuditLogFilters } from './audit-log-filters';
import { useAuditLog, useMembers, useOrganizationId, type AuditEntry } from './organization.query';
import { Section } from './section';

/** Who acted, by address when they are still a member; otherwise what kind of actor it was. */
function actorOf(entry: AuditEntry, emails: Map<string, string>): string {
  if (entry.actor_user_id) return emails.get(entry.actor_user_id) ?? `Former member ${shortId(entry.actor_user_id)}`;
  if (entry.actor_type === 'api_key') return entry.actor_api_key_id ? `API key ${shortId(entry.actor_api_key_id)}` : 'API key';
  if (entry.actor_type === 'system_account') return 'A platform system account';
  return 'Herald (command line)';
}

/** Who changed what in the organization and its projects, newest first, filtered by the URL. */
export function AuditLogPage() {
  const organizationId = useOrganizationId();
  const api = useControlApi();
  const { filters, query, page, setFilters, setPage } = useUrlFilters(AUDIT_KEYS);
  const log = useAuditLog(query, page);
  // One page of 100 members names nearly every actor; the rest show as their id.
  const members = useMembers(1, 100);
  const projects = useQuery({
    queryKey: projectsKey(organizationId),
    queryFn: async () =>
      unwrap(
        await api.GET('/organizations/{organization_id}/projects', {
          params: { path: { organization_id: organizationId }, query: { per_page: 100 } },
        }),
      ),
  });
  const emails = new Map((members.data?.items ?? []).map((m) => [m.user_id, m.email]));
  const projectNames = new Map((projects.data?.items ?? []).map((p) => [p.id, p.name]));
  const columns: Column<AuditEntry>[] = [
    { header: 'When', cell: (entry) => formatTime(entry.created_at), td: noWrap },
    { header: 'Action', cell: (entry) => <Code>{entry.action}</Code> },
    { header: 'Actor', cell: (entry) => actorOf(entry, emails) },
    {
      header: 'Project',
      cell: (entry) => (entry.project_id ? (projectNames.get(entry.project_id) ?? shortId(entry.project_id)) : 'Organization'),
    },
    { header: 'Details', cell: (entry) => <AuditDetails metadata={entry.metadata} /> },
  ];
  return (
    <Section title="Audit log">
      <AuditLogFilters
        key={AUDIT_KEYS.map((k) => filters[k]).join('|')}
        value={filters}
        projects={projects.data?.items ?? []}
        onApply={setFilters}
      />
      <PagedTable
        list={log}
        what="the audit log"
        caption="Audit entries matching the filters, newest first"
        columns={columns}
        rowKey={(entry) => entry.id}
        empty="No entry matches these filters."
        page={page}
        onPage={setPage}
        unit="entries"
        highlightOnHover
        captionSide="top"
      />
    </Section>
  );
}
