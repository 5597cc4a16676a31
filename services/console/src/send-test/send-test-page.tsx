import { Grid } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useProjectApi, useProjectId } from '../projects/current-project';
import { unwrap } from '../session/api-error';
import { Page } from '../shared/page';
import { EventArrival } from './event-arrival';
import { INITIAL_DRAFT, toEventBody, type Draft } from './event-draft';
import { RequestSnippets } from './request-snippets';
import { TestEventForm } from './test-event-form';

/** Send one event from a form and watch it arrive, beside the same request as code. */
export function SendTestPage() {
  const projectId = useProjectId();
  const api = useProjectApi();
  const [draft, setDraft] = useState<Draft>(INITIAL_DRAFT);
  const body = useMemo(() => toEventBody(draft), [draft]);
  const send = useMutation({ mutationFn: async () => unwrap(await api.POST('/events', { body })) });
  return (
    <Page title="Send a test event">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <TestEventForm draft={draft} onChange={setDraft} onSend={() => send.mutate()} sending={send.isPending} error={send.error} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <RequestSnippets body={body} />
        </Grid.Col>
      </Grid>
      {send.data && <EventArrival key={send.data.id} projectId={projectId} eventId={send.data.id} />}
    </Page>
  );
}
