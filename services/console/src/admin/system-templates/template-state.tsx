import { Badge, Text } from '@mantine/core';
import { formatTime } from '../../shared/format';
import type { SystemTemplate } from './system-templates.query';

type Summary = Pick<SystemTemplate, 'customized' | 'updated_at' | 'updated_by'>;

/** Whether the next such email uses an operator's replacement or Herald's own. */
export function StateBadge({ template }: { template: Summary }) {
  return (
    <Badge variant="dot" color={template.customized ? 'blue' : 'gray'} tt="none" size="md">
      {template.customized ? 'Customized' : 'Built-in'}
    </Badge>
  );
}

/** Who replaced it and when, or nothing while the built-in one is in use. */
export function ChangedBy({ template }: { template: Summary }) {
  if (!template.customized || !template.updated_at) return <Text size="sm">—</Text>;
  const by = template.updated_by;
  const who = by ? ((by.type === 'user' ? by.email : by.name) ?? `a removed ${by.type === 'user' ? 'user' : 'system account'}`) : 'unknown';
  return (
    <Text size="sm">
      {formatTime(template.updated_at)} by {who}
    </Text>
  );
}
