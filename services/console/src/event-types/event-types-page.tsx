import { Button, Group, Loader, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useMayWriteProject } from '../projects/project-role';
import { ErrorAlert } from '../shared/error-alert';
import { Page } from '../shared/page';
import { Pager } from '../shared/pager';
import { useUrlFilters } from '../shared/url-filters';
import { DeleteEventTypeButton } from './delete-event-type-button';
import { EventTypeModal } from './event-type-form';
import { useEventTypeList, type EventType } from './event-types.query';

const NO_FILTERS = [] as const;

/** The project's catalogue of event types: what consumers subscribe to and what payloads must look like. */
export function EventTypesPage() {
  const { page, setPage } = useUrlFilters(NO_FILTERS);
  const list = useEventTypeList(page);
  const mayWrite = useMayWriteProject();
  // undefined: closed; null: a new type; a type: editing it.
  const [editing, setEditing] = useState<EventType | null | undefined>(undefined);
  return (
    <Page title="Event types" actions={mayWrite && <Button onClick={() => setEditing(null)}>New event type</Button>}>
      <Text size="sm" c="dimmed">
        The catalogue your webhook consumers choose from in the consumer portal. A type with a JSON Schema makes Herald refuse events of
        that type whose payload does not match it; events of types not listed here are accepted as they are.
      </Text>
      {mayWrite === false && <Text size="sm">Your role can read event types; changing them needs the developer role.</Text>}
      <ErrorAlert error={list.error} title="Could not load the event types" />
      {list.isLoading && <Loader aria-label="Loading event types" />}
      {list.data && (
        <>
          <Table striped>
            <Table.Caption>Event types, by name</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Description</Table.Th>
                <Table.Th scope="col">Schema</Table.Th>
                {mayWrite && <Table.Th scope="col">Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td ff="monospace">{t.name}</Table.Td>
                  <Table.Td>{t.description ?? '—'}</Table.Td>
                  <Table.Td>{t.schema ? 'Yes' : 'No'}</Table.Td>
                  {mayWrite && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setEditing(t)} aria-label={`Edit ${t.name}`}>
                          Edit
                        </Button>
                        <DeleteEventTypeButton eventType={t} />
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {list.data.items.length === 0 && <Text>No event type yet.</Text>}
          <Pager page={page} totalPages={list.data.total_pages} total={list.data.total} onChange={setPage} label="event types" />
        </>
      )}
      <EventTypeModal opened={editing !== undefined} editing={editing ?? undefined} onClose={() => setEditing(undefined)} />
    </Page>
  );
}
