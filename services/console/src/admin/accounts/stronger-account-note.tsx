import { Alert, Code } from '@mantine/core';
import type { AdminPermission } from '../admin-permissions';

/**
 * Said before anyone tries: the api refuses acting on an account holding a permission the caller
 * lacks (403), so that nobody strips or borrows a stronger account's power.
 */
export function StrongerAccountNote({ lacking, what }: { lacking: readonly AdminPermission[]; what: string }) {
  if (lacking.length === 0) return null;
  return (
    <Alert color="gray" variant="light" title={`This ${what} holds permissions you lack`}>
      {lacking.map((p, i) => (
        <span key={p}>
          {i > 0 && ', '}
          <Code>{p}</Code>
        </span>
      ))}
      : the api refuses your changes to it.
    </Alert>
  );
}
