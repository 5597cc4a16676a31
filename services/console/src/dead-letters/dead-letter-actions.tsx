import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useProjectApi, useProjectId } from '../projects/current-project';
import { ApiError, unwrap } from '../session/api-error';
import { ErrorAlert } from '../shared/error-alert';
import { deadLettersKey, type DeadLetter } from './dead-letters.query';

type Action = 'retry' | 'discard';

const CONFIRM: Record<Action, { title: string; body: string; button: string; color: string }> = {
  retry: {
    title: 'Retry this delivery?',
    body: 'It is sent again now, with a fresh attempt budget. If it fails for good again, a new dead letter opens.',
    button: 'Retry delivery',
    color: 'blue',
  },
  discard: {
    title: 'Discard this dead letter?',
    body: 'Herald gives up on this delivery: it is never sent, and the notification stays failed. This cannot be undone.',
    button: 'Discard dead letter',
    color: 'red',
  },
};

/** A 409 in words: someone (or another tab) decided about this record first. */
function explain(error: unknown, action: Action): unknown {
  if (!(error instanceof ApiError) || error.status !== 409) return error;
  const verb = action === 'retry' ? 'retried' : 'discarded';
  return new Error(
    `This dead letter is no longer active: it was already retried or discarded, perhaps by someone else, so it cannot be ${verb}. ` +
      'The page now shows its current state.',
  );
}

/** What the api answered, for a person. */
function outcome(answer: { status: 'retried'; requeued: boolean } | { status: 'discarded' }): string {
  if (answer.status === 'discarded') return 'Discarded: Herald will not send this delivery.';
  return answer.requeued
    ? 'Retried: the delivery is queued again. Its new attempts appear below as they happen.'
    : 'Marked retried, but nothing was sent: the notification was no longer failed.';
}

/** Retry and Discard, each confirmed first; the api's answer is shown under the buttons. */
export function DeadLetterActions({ record }: { record: DeadLetter }) {
  const api = useProjectApi();
  const projectId = useProjectId();
  const queries = useQueryClient();
  const [asking, setAsking] = useState<Action | undefined>();
  const act = useMutation({
    mutationFn: async (action: Action) => {
      const params = { params: { path: { id: record.id } } };
      const answer =
        action === 'retry'
          ? unwrap(await api.POST('/dead-letter/{id}/retry', params))
          : unwrap(await api.POST('/dead-letter/{id}/discard', params));
      return outcome(answer);
    },
    onSettled: () => queries.invalidateQueries({ queryKey: deadLettersKey(projectId) }),
  });
  const confirm = asking && CONFIRM[asking];
  const active = record.status === 'active';
  return (
    <Stack gap="xs">
      <Group>
        <Button onClick={() => setAsking('retry')} disabled={act.isPending || !active}>
          Retry
        </Button>
        <Button color="red" variant="outline" onClick={() => setAsking('discard')} disabled={act.isPending || !active}>
          Discard
        </Button>
      </Group>
      {!active && !act.data && !act.error && (
        <Text size="sm" c="dimmed">
          This dead letter is {record.status}; only an active one can be retried or discarded.
        </Text>
      )}
      {act.data && (
        <Alert color="green" role="status">
          {act.data}
        </Alert>
      )}
      <ErrorAlert error={act.error && explain(act.error, act.variables ?? 'retry')} title="Nothing changed" />
      <Modal
        opened={Boolean(confirm)}
        onClose={() => setAsking(undefined)}
        title={confirm?.title}
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        {confirm && asking && (
          <Stack>
            <Text size="sm">{confirm.body}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(undefined)}>
                Cancel
              </Button>
              <Button
                color={confirm.color}
                data-autofocus
                onClick={() => {
                  act.mutate(asking);
                  setAsking(undefined);
                }}
              >
                {confirm.button}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
