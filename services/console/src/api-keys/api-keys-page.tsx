import { Button, Group, Loader, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useProjectId } from '../projects/current-project';
import { ErrorAlert } from '../shared/error-alert';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { StatusBadge } from '../shared/status-badge';
import { Pager } from '../shared/pager';
import { useUrlFilters } from '../shared/url-filters';
import { useApiKeys, type ApiKey } from './api-keys.query';
import { describeScopes } from './scopes';
import { CreateKeyButton } from './create-key-button';
import { RevokeKeyModal } from './revoke-key-modal';
import { RotateKeyModal } from './rotate-key-modal';
import { RotateSigningSecret } from './rotate-signing-secret';

const NO_FILTERS: readonly never[] = [];

/** The project's API keys (status, scopes, last use) and its webhook signing secret. */
export function ApiKeysPage() {
  const projectId = useProjectId();
  const { page, setPage } = useUrlFilters(NO_FILTERS);
  const keys = useApiKeys(projectId, page);
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <Page title="API keys" actions={<CreateKeyButton projectId={projectId} />}>
      <Text size="sm" c="dimmed">
        Services send events with a key in the X-API-Key header; each key can do what its scopes allow. Developers, admins and owners manage
        keys; admins and owners rotate the signing secret.
      </Text>
      <ErrorAlert error={keys.error} title="Could not load the keys" />
      {keys.isLoading && <Loader aria-label="Loading keys" />}
      {keys.data && (
        <>
          <Table.ScrollContainer minWidth={800}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Caption>API keys of this project, newest first</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Key</Table.Th>
                  <Table.Th scope="col">Scopes</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Last used</Table.Th>
                  <Table.Th scope="col">Expires</Table.Th>
                  <Table.Th scope="col">Created</Table.Th>
                  <Table.Th scope="col">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.data.items.map((key) => (
                  <KeyRow key={key.id} apiKey={key} onRotate={setRotating} onRevoke={setRevoking} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {keys.data.items.length === 0 && <Text>No key yet: create one to send events from your services.</Text>}
          <Pager page={page} totalPages={keys.data.total_pages} total={keys.data.total} onChange={setPage} label="keys" />
        </>
      )}
      <RotateSigningSecret projectId={projectId} />
      <RotateKeyModal projectId={projectId} apiKey={rotating} onClose={() => setRotating(null)} />
      <RevokeKeyModal projectId={projectId} apiKey={revoking} onClose={() => setRevoking(null)} />
    </Page>
  );
}

function KeyRow({ apiKey, onRotate, onRevoke }: { apiKey: ApiKey; onRotate(key: ApiKey): void; onRevoke(key: ApiKey): void }) {
  const usable = apiKey.status === 'active' || apiKey.status === 'expiring';
  // A key is rotated once: the replaced one shows who replaced it and cannot be rotated again.
  const rotatable = usable && !apiKey.replaced_by;
  return (
    <Table.Tr>
      <Table.Td>{apiKey.name}</Table.Td>
      <Table.Td>
        <Text ff="monospace" size="sm">
          {apiKey.prefix}…
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs" ff="monospace">
          {describeScopes(apiKey.scopes)}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <StatusBadge status={apiKey.status} />
        {apiKey.replaced_by && (
          <Text size="xs" c="dimmed">
            rotated
          </Text>
        )}
      </Table.Td>
      <Table.Td>{apiKey.last_used_at ? formatTime(apiKey.last_used_at) : 'Never'}</Table.Td>
      <Table.Td>
        {apiKey.revoked_at ? `Revoked ${formatTime(apiKey.revoked_at)}` : apiKey.expires_at ? formatTime(apiKey.expires_at) : 'Never'}
      </Table.Td>
      <Table.Td>{formatTime(apiKey.created_at)}</Table.Td>
      <Table.Td>
        {usable && (
          <Group gap="xs" wrap="nowrap">
            {rotatable && (
              <Button size="xs" variant="light" onClick={() => onRotate(apiKey)} aria-label={`Rotate ${apiKey.name}`}>
                Rotate
              </Button>
            )}
            <Button size="xs" variant="light" color="red" onClick={() => onRevoke(apiKey)} aria-label={`Revoke ${apiKey.name}`}>
              Revoke
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
