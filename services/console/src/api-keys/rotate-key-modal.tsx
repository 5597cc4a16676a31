import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { formatTime } from '../shared/format';
import { RotateSecretModal } from '../shared/rotate-secret-modal';
import { apiKeysKey, type ApiKey } from './api-keys.query';

/**
 * Issues a replacement for a key (same name, scopes and expiry); the old one keeps working for
 * the grace period, so a deploy can switch over without refused requests.
 */
export function RotateKeyModal({ projectId, apiKey, onClose }: { projectId: string; apiKey: ApiKey | null; onClose(): void }) {
  const api = useControlApi();
  const queries = useQueryClient();
  const rotate = useMutation({
    mutationFn: async ({ key, graceSeconds }: { key: ApiKey; graceSeconds: number }) =>
      unwrap(
        await api.POST('/projects/{project_id}/api-keys/{key_id}/rotate', {
          params: { path: { project_id: projectId, key_id: key.id } },
          body: { grace_period_seconds: graceSeconds },
        }),
      ),
    onSuccess: () => queries.invalidateQueries({ queryKey: apiKeysKey(projectId) }),
  });
  return (
    <RotateSecretModal
      opened={apiKey !== null}
      onClose={onClose}
      rotation={{ ...rotate, mutate: (graceSeconds) => apiKey && rotate.mutate({ key: apiKey, graceSeconds }) }}
      texts={{
        title: `Rotate “${apiKey?.name ?? ''}”`,
        rotatedTitle: 'Key rotated',
        intro: 'A new key with the same name, scopes and expiry replaces this one. A key can be rotated once; its secret is shown once.',
        submit: 'Rotate key',
        failed: 'Could not rotate the key',
        secretLabel: 'New API key',
        warning: 'Put it where the old key is used. Herald keeps only its hash: if you lose it, rotate again.',
      }}
      secretOf={(result) => result.key}
      expiry={(result) => `The old key (${apiKey?.prefix}…) stops working ${formatTime(result.replaces.expires_at)}.`}
    />
  );
}
