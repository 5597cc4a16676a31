import { Code, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { projectsKey } from '../projects/projects.query';
import { unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { ErrorAlert } from '../shared/error-alert';
import { formatTime } from '../shared/format';
import { Pager } from '../shared/pager';
import { useUrlFilters } from '../shared/url-filters';
import { AUDIT_KEYS, AuditLogFilters } from './audit-log-filters';
import { useAuditLog, useMembers, useOrganizationId, type AuditEntry } from './organization.query';
import { Section } from './section';

/** Who acted, by address when they are still a member; otherwise what kind of actor it was. */
function actorOf(entry: AuditEntry, emails: Map<string, string>): string {
  if (entry.actor_user_id) return emails.get(entry.actor_user_id) ?? `Former member ${entry.actor_user_id.slice(0, 8)}`;
  if (entry.actor_type === 'api_key') return `API key ${entry.actor_api_key_id?.slice(0, 8) ?? ''}`.trim();
  if (entry.actor_type === 'system_account') return 'A platform system account';
  return 'Herald (command line)';
}

/** The metadata as "key: value" pairs; the api never puts a secret or token there. */
function details(metadata: Record<string, unknown>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
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
  return (
    <Section title="Audit log">
      <AuditLogFilters
        key={AUDIT_KEYS.map((k) => filters[k]).join('|')}
        value={filters}
        projects={projects.data?.items ?? []}
        onApply={setFilters}
      />
      <ErrorAlert error={log.error} title="Could not load the audit log" />
      {log.isLoading && <Loader aria-label="Loading the audit log" />}
      {log.data && (
        <>
          <Table striped highlightOnHover captionSide="top">
            <Table.Caption>Audit entries matching the filters, newest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Action</Table.Th>
                <Table.Th scope="col">Actor</Table.Th>
                <Table.Th scope="col">Project</Table.Th>
                <Table.Th scope="col">Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.items.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatTime(entry.created_at)}</Table.Td>
                  <Table.Td>
                    <Code>{entry.action}</Code>
                  </Table.Td>
                  <Table.Td>{actorOf(entry, emails)}</Table.Td>
                  <Table.Td>
                    {entry.project_id ? (projectNames.get(entry.project_id) ?? entry.project_id.slice(0, 8)) : 'Organization'}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: 'break-word' }}>
                      {details(entry.metadata)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {log.data.items.length === 0 && <Text>No entry matches these filters.</Text>}
          <Pager page={page} totalPages={log.data.total_pages} total={log.data.total} onChange={setPage} label="entries" />
        </>
      )}
    </Section>
  );
}
