import { Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { ApiError } from '../../session/api-error';
import { ErrorAlert } from '../../shared/error-alert';
import { FactsTable } from '../../shared/facts-table';
import { formatTime } from '../../shared/format';
import { StatusBadge } from '../../shared/status-badge';
import { useLookupApiKey, useRevokeApiKey, type AdminApiKey } from './admin-api-keys.query';

function FoundKey({ apiKey, mayRevoke, onRevoked }: { apiKey: AdminApiKey; mayRevoke: boolean; onRevoked(key: AdminApiKey): void }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeApiKey();
  const close = () => {
    setConfirming(false);
    revoke.reset();
  };
  const revocable = apiKey.status !== 'revoked' && apiKey.status !== 'expired';
  return (
    <Stack gap="xs">
      <FactsTable
        caption={`The key this secret belongs to: “${apiKey.name}”`}
        rows={[
          ['Name', apiKey.name],
          ['Prefix', apiKey.prefix],
          ['Status', <StatusBadge key="s" status={apiKey.status} />],
          ['Organization id', apiKey.organization_id],
          ['Project id', apiKey.project_id],
          ['Scopes', apiKey.scopes.join(', ')],
          ['Created', formatTime(apiKey.created_at)],
          ['Last used', formatTime(apiKey.last_used_at)],
          ['Revoked', formatTime(apiKey.revoked_at)],
        ]}
      />
      {mayRevoke && revocable && (
        <Group>
          <Button color="red" onClick={() => setConfirming(true)}>
            Revoke this key
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={confirming}
        title={`Revoke “${apiKey.name}”?`}
        confirm="Revoke key"
        danger
        pending={revoke.isPending}
        error={revoke.error}
        onClose={close}
        onConfirm={() =>
          revoke.mutate(apiKey.id, {
            onSuccess: (revoked) => {
              notifications.show({
                color: 'green',
                message: `Key “${revoked.name}” revoked: every request with it is refused from now on`,
              });
              onRevoked(revoked);
              close();
            },
          })
        }
      >
        {`Every request made with ${apiKey.prefix}… is refused (401) from now on, whoever holds it. This cannot be undone.`}
      </ConfirmDialog>
    </Stack>
  );
}

/** Paste a leaked secret, see whose key it is, revoke it. The secret stays in this form: never in the URL. */
export function KeyLookup({ mayRevoke }: { mayRevoke: boolean }) {
  const [secret, setSecret] = useState('');
  const lookup = useLookupApiKey();
  const [found, setFound] = useState<AdminApiKey | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFound(null);
    lookup.mutate(secret.trim(), { onSuccess: setFound });
  };
  const notFound = lookup.error instanceof ApiError && lookup.error.status === 404;
  return (
    <Stack gap="sm" component="section" aria-labelledby="lookup-heading">
      <Title order={2} size="h4" id="lookup-heading">
        Look up a leaked secret
      </Title>
      <form onSubmit={submit} aria-label="Look up a key by its secret">
        <Group align="flex-end" gap="sm">
          <PasswordInput
            label="Leaked secret"
            description="The whole key (hk_...); only its hash is compared, nothing is stored"
            value={secret}
            onChange={(e) => setSecret(e.currentTarget.value)}
            autoComplete="off"
            w={420}
          />
          <Button type="submit" loading={lookup.isPending} disabled={!secret.trim()}>
            Look up key
          </Button>
        </Group>
      </form>
      {notFound ? (
        <Text role="status">No key has this secret.</Text>
      ) : (
        <ErrorAlert error={lookup.error} title="Could not look the secret up" />
      )}
      {found && <FoundKey apiKey={found} mayRevoke={mayRevoke} onRevoked={setFound} />}
    </Stack>
  );
}
