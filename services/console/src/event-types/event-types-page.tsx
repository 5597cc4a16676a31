import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useMayWriteProject } from '../projects/project-role';
import { Page } from '../shared/page';
import { PagedTable } from '../shared/paged-table';
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
      <PagedTable
        list={list}
        what="the event types"
        caption="Event types, by name"
        columns={[
          { header: 'Name', cell: (t) => t.name, td: () => ({ ff: 'monospace' }) },
          { header: 'Description', cell: (t) => t.description ?? '—' },
          { header: 'Schema', cell: (t) => (t.schema ? 'Yes' : 'No') },
          ...(mayWrite
            ? [
                {
                  header: 'Actions',
                  cell: (t: EventType) => (
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setEditing(t)} aria-label={`Edit ${t.name}`}>
                        Edit
                      </Button>
                      <DeleteEventTypeButton eventType={t} />
                    </Group>
                  ),
                },
              ]
            : []),
        ]}
        rowKey={(t) => t.id}
        empty="No event type yet."
        page={page}
        onPage={setPage}
        unit="event types"
      />
      <EventTypeModal opened={editing !== undefined} editing={editing ?? undefined} onClose={() => setEditing(undefined)} />
    </Page>
  );
}
