import { Code, Loader, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../shared/error-alert';
import { formatTime } from '../../shared/format';
import { Page } from '../../shared/page';
import { Pager } from '../../shared/pager';
import { StatusBadge } from '../../shared/status-badge';
import { useUrlFilters } from '../../shared/url-filters';
import { useAdminPermissions } from '../admin-permissions';
import { useAdminApiKeys } from './admin-api-keys.query';
import { KEY_FILTER_KEYS, KeyFilterForm } from './key-filters';
import { KeyLookup } from './key-lookup';

/** Every project's keys, without secrets: find the one a leaked secret belongs to and revoke it. */
export function AdminApiKeysPage() {
  const [params] = useSearchParams();
  const { has } = useAdminPermissions();
  const { filters, query, page, setFilters, setPage } = useUrlFilters(KEY_FILTER_KEYS);
  const keys = useAdminApiKeys(query, page);
  const filtered = Object.keys(query).length > 0;
  return (
    <Page title="API keys">
      {has('api_keys:read') && <KeyLookup mayRevoke={has('api_keys:write')} />}
      <Title order={2} size="h4">
        Every project&apos;s keys
      </Title>
      <KeyFilterForm key={params.toString()} applied={filters} onApply={setFilters} />
      <ErrorAlert error={keys.error} title="Could not load the keys" />
      {keys.isLoading && <Loader aria-label="Loading the keys" />}
      {keys.data && (
        <>
          <Table striped>
            <Table.Caption>{filtered ? 'Keys matching the filters, newest first' : 'Keys of every project, newest first'}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Prefix</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Organization</Table.Th>
                <Table.Th scope="col">Project</Table.Th>
                <Table.Th scope="col">Last used</Table.Th>
                <Table.Th scope="col">Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.items.map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td>{key.name}</Table.Td>
                  <Table.Td>
                    <Code>{key.prefix}</Code>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={key.status} />
                  </Table.Td>
                  <Table.Td title={key.organization_id}>{key.organization_id.slice(0, 8)}</Table.Td>
                  <Table.Td title={key.project_id}>{key.project_id.slice(0, 8)}</Table.Td>
                  <Table.Td>{formatTime(key.last_used_at)}</Table.Td>
                  <Table.Td>{formatTime(key.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {keys.data.items.length === 0 && <Text>{filtered ? 'No key matches these filters.' : 'No key yet.'}</Text>}
          <Pager page={page} totalPages={keys.data.total_pages} total={keys.data.total} onChange={setPage} label="keys" />
        </>
      )}
    </Page>
  );
}
