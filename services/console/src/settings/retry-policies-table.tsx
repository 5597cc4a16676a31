import { Table, Text } from '@mantine/core';
import type { components } from '@herald/client';
import { CHANNEL_OPTIONS } from '../shared/channels';
import { formatDelay } from './duration';

type RetryPolicy = components['schemas']['RetryPolicy'];

/** The most a delivery can wait in all before its last attempt: the sum of every retry's upper bound. */
function worstWait(policy: RetryPolicy): number {
  const retries = policy.max_attempts - 1;
  let total = 0;
  for (let n = 1; n <= retries; n++) total += Math.min(policy.max_delay_ms, policy.base_delay_ms * 2 ** (n - 1));
  return total;
}

/** One row per channel: how many attempts, and how long the retries wait (exponential backoff, full jitter). */
export function RetryPoliciesTable({ policies }: { policies: Record<'email' | 'sms' | 'webhook', RetryPolicy> }) {
  return (
    <>
      <Table striped>
        <Table.Caption>Retry policy of each channel</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Channel</Table.Th>
            <Table.Th scope="col">Attempts in all</Table.Th>
            <Table.Th scope="col">Base delay</Table.Th>
            <Table.Th scope="col">Longest delay</Table.Th>
            <Table.Th scope="col">Most waited before giving up</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {CHANNEL_OPTIONS.map(({ value, label }) => {
            const policy = policies[value];
            return (
              <Table.Tr key={value}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td>{policy.max_attempts}</Table.Td>
                <Table.Td>{formatDelay(policy.base_delay_ms)}</Table.Td>
                <Table.Td>{formatDelay(policy.max_delay_ms)}</Table.Td>
                <Table.Td>{formatDelay(worstWait(policy))}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        Attempts count the first one. Retry <em>n</em> waits a random time between zero and the smaller of the longest delay and base delay
        × 2<sup>n−1</sup> (exponential backoff with full jitter); the last column adds up those upper bounds. Set with the RETRY_* and
        &lt;CHANNEL&gt;_RETRY_* variables.
      </Text>
    </>
  );
}
