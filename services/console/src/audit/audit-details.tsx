import { Code } from '@mantine/core';

/** An audit entry's metadata as "key: value" pairs (ids, field names, counts: the api keeps secrets and content out). */
export function AuditDetails({ metadata }: { metadata: unknown }) {
  const pairs = Object.entries((metadata ?? {}) as Record<string, unknown>);
  if (pairs.length === 0) return <>—</>;
  return (
    <Code block={false} fz="xs">
      {pairs
        .map(
          ([key, value]) =>
            `${key}: ${Array.isArray(value) ? value.join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
        )
        .join('; ')}
    </Code>
  );
}
