import { Anchor, Code, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useMayWriteProject } from '../projects/project-role';
import { EndpointState } from './endpoint-state';
import { EndpointToggle } from './endpoint-toggle';
import type { ConsumerEndpoint } from './consumers.query';

/** An empty filter list subscribes to every event type, as the api reads it. */
function Subscriptions({ types }: { types: string[] }) {
  if (types.length === 0) return <Text size="sm">Every event type</Text>;
  return (
    <Group gap={4}>
      {types.map((t) => (
        <Code key={t}>{t}</Code>
      ))}
    </Group>
  );
}

export function EndpointsTable({ endpoints }: { endpoints: ConsumerEndpoint[] }) {
  const mayWrite = useMayWriteProject();
  return (
    <Table striped>
      <Table.Caption>The consumer&apos;s endpoints, oldest first</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">URL</Table.Th>
          <Table.Th scope="col">Event types</Table.Th>
          <Table.Th scope="col">State</Table.Th>
          {mayWrite && <Table.Th scope="col">Action</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {endpoints.map((endpoint) => (
          <Table.Tr key={endpoint.id}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Anchor component={Link} to={`endpoints/${endpoint.id}`}>
                {endpoint.url}
              </Anchor>
              {endpoint.description && (
                <Text size="sm" c="dimmed">
                  {endpoint.description}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Subscriptions types={endpoint.event_types} />
            </Table.Td>
            <Table.Td>
              <EndpointState endpoint={endpoint} />
            </Table.Td>
            {mayWrite && (
              <Table.Td>
                <EndpointToggle endpoint={endpoint} />
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
