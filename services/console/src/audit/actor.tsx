import { Text } from '@mantine/core';
import { useSession } from '../session/session.context';
import type { AuditEntry } from './audit.query';

/** Who acted: you, another member, an API key, or the CLI (neither). Ids are shortened; the full one is in the title. */
export function Actor({ entry }: { entry: AuditEntry }) {
  const session = useSession();
  const me = session.status === 'signed-in' ? session.user.id : undefined;
  if (entry.actor_user_id) {
    if (entry.actor_user_id === me) return <Text size="sm">You</Text>;
    return (
      <Text size="sm" title={entry.actor_user_id}>
        Member {entry.actor_user_id.slice(0, 8)}
      </Text>
    );
  }
  if (entry.actor_api_key_id) {
    return (
      <Text size="sm" title={entry.actor_api_key_id}>
        API key {entry.actor_api_key_id.slice(0, 8)}
      </Text>
    );
  }
  return <Text size="sm">Command line</Text>;
}
