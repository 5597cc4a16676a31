import { Text } from '@mantine/core';
import { shortId } from '../../shared/format';
import type { ActorType, PlatformAuditEntry } from './admin-audit.query';

export const ACTOR_TYPES: Array<{ value: ActorType; label: string }> = [
  { value: 'user', label: 'A user' },
  { value: 'system_account', label: 'A system account' },
  { value: 'api_key', label: 'An API key' },
  { value: 'system', label: 'Herald or the command line' },
];

/** Who acted, by kind, with the id shortened (the full one in the title). */
export function PlatformActor({ entry }: { entry: PlatformAuditEntry }) {
  const id = entry.actor_user_id ?? entry.actor_system_account_id ?? entry.actor_api_key_id;
  const kind = { user: 'User', system_account: 'System account', api_key: 'API key', system: 'Herald' }[entry.actor_type];
  return (
    <Text size="sm" title={id ?? undefined}>
      {id ? `${kind} ${shortId(id)}` : entry.actor_type === 'system' ? 'Herald or the command line' : kind}
    </Text>
  );
}
