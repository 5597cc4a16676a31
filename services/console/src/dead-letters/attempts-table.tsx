import { Code, Table, Text } from '@mantine/core';
import type { components } from '@herald/client';
import { formatTime } from '../shared/format';
import { StatusBadge } from '../shared/status-badge';

type Log = components['schemas']['NotificationLog'];

/** The provider's answer in a few words: an HTTP status and latency for webhooks, the provider's reply otherwise. */
function response(log: Log): string {
  const r = (log.provider_response ?? {}) as Record<string, unknown>;
  const parts = [
    r.status_code !== undefined && `HTTP ${String(r.status_code)}`,
    typeof r.smtp_response === 'string' && r.smtp_response,
    typeof r.status === 'string' && r.status,
    r.error_code !== undefined && `error ${String(r.error_code)}`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : '—';
}

function latency(log: Log): string {
  const ms = (log.provider_response as { latency_ms?: unknown } | null)?.latency_ms;
  return typeof ms === 'number' ? `${ms} ms` : '—';
}

/** Every attempt of the notification, oldest first, including those made after a retry. */
export function AttemptsTable({ logs }: { logs: Log[] }) {
  if (logs.length === 0) return <Text size="sm">No attempt was recorded.</Text>;
  const ordered = [...logs].sort((a, b) => a.attempt - b.attempt || a.timestamp.localeCompare(b.timestamp));
  return (
    <Table>
      <Table.Caption>Delivery attempts, oldest first</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Attempt</Table.Th>
          <Table.Th scope="col">Time</Table.Th>
          <Table.Th scope="col">Outcome</Table.Th>
          <Table.Th scope="col">Response</Table.Th>
          <Table.Th scope="col">Latency</Table.Th>
          <Table.Th scope="col">Error</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {ordered.map((log) => (
          <Table.Tr key={`${log.attempt}-${log.timestamp}`}>
            <Table.Td>{log.attempt}</Table.Td>
            <Table.Td>{formatTime(log.timestamp)}</Table.Td>
            <Table.Td>
              <StatusBadge status={log.status} />
            </Table.Td>
            <Table.Td>{response(log)}</Table.Td>
            <Table.Td>{latency(log)}</Table.Td>
            <Table.Td>{log.error ? <Code>{log.error}</Code> : '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
