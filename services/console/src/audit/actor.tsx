import { Text } from '@mantine/core';
import { useSession } from '../session/session.context';
import { shortId } from '../shared/format';
import type { AuditEntry } from './audit.query';

/** Who acted: you, another member, an API key, or the CLI (neither). Ids are shortened; the full one is in the title. */
export function Actor({ entry }: { entry: AuditEntry }) {
  const session = useSession();
  const me = session.status === 'signed-in' ? session.user.id : undefined;
  if (entry.actor_user_id) {
    if (entry.actor_user_id === me) return <Text size="sm">You</Text>;
    return (
      <Text size="sm" title={entry.actor_user_id}>
        Member {shortId(entry.actor_user_id)}
      </Text>
    );
  }
  if (entry.actor_api_key_id) {
    return (
      <Text size="sm" title={entry.actor_api_key_id}>
        API key {shortId(entry.actor_api_key_id)}
      </Text>
    );
  }
  return <Text size="sm">Command line</Text>;
}
