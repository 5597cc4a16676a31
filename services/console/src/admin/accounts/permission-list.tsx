import { Code, Group, Text } from '@mantine/core';
import type { AdminPermission } from '../admin-permissions';

/** An account's permissions, inline, in the monospace they are written in. */
export function PermissionList({ permissions }: { permissions: readonly AdminPermission[] }) {
  if (permissions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        none
      </Text>
    );
  return (
    <Group gap={4}>
      {permissions.map((p) => (
        <Code key={p}>{p}</Code>
      ))}
    </Group>
  );
}
