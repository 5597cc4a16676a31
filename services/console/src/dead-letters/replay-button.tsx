import { Alert, Button, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ErrorAlert } from '../shared/error-alert';
import { formatTime } from '../shared/format';
import { useBulkReplay, type ReplayState } from './bulk-replay';
import { errorTypeLabel, narrowsReplay, type DeadLetterFilter } from './dead-letter-filter';
import { useReplayCount } from './dead-letters.query';

/** The filter in words, as the confirmation names what is about to be replayed. */
function describeFilter(filter: Partial<DeadLetterFilter>): string {
  if (!narrowsReplay(filter)) return 'every active dead letter of this project';
  const parts = [
    filter.channel && `channel ${filter.channel}`,
    filter.error_type && `reason “${errorTypeLabel(filter.error_type)}”`,
    filter.created_from && `dead-lettered from ${formatTime(filter.created_from)}`,
    filter.created_to && `until ${formatTime(filter.created_to)}`,
  ].filter(Boolean);
  return `active dead letters with ${parts.join(', ')}`;
}

const plural = (n: number) => `${n} dead letter${n === 1 ? '' : 's'}`;

/**
 * Replays every active record matching the list's filters: the count first (the list's total for
 * the same filter), then, once confirmed, progress until none is left.
 */
export function ReplayButton({ filter }: { filter: Partial<DeadLetterFilter> }) {
  const [opened, { open, close }] = useDisclosure();
  const replay = useBulkReplay(filter);
  const count = useReplayCount(filter, opened && replay.state.phase === 'idle');
  const running = replay.state.phase === 'running';
  const finish = () => {
    if (running) return;
    close();
    replay.reset();
  };
  return (
    <>
      <Button onClick={open}>Replay matching…</Button>
      <Modal
        opened={opened}
        onClose={finish}
        title="Replay dead letters"
        closeOnEscape={!running}
        withCloseButton={!running}
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Stack>
          <Text size="sm">
            Retries {describeFilter(filter)}, each with a fresh attempt budget. The status filter does not apply: only active dead letters
            are replayed.
          </Text>
          {replay.state.phase === 'idle' ? (
            <>
              <ErrorAlert error={count.error} title="Could not count the dead letters" />
              {count.isFetching && <Loader size="sm" aria-label="Counting dead letters" />}
              {count.data !== undefined && !count.isFetching && (
                <Text fw={600} role="status">
                  {count.data === 0 ? 'No active dead letter matches: nothing to replay.' : `${plural(count.data)} will be replayed.`}
                </Text>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={finish}>
                  Cancel
                </Button>
                <Button disabled={!count.data || count.isFetching} onClick={() => void replay.start(count.data ?? 0)} data-autofocus>
                  {count.data ? `Replay ${plural(count.data)}` : 'Replay'}
                </Button>
              </Group>
            </>
          ) : (
            <ReplayProgress state={replay.state} onStop={replay.requestStop} onClose={finish} />
          )}
        </Stack>
      </Modal>
    </>
  );
}

function ReplayProgress({ state, onStop, onClose }: { state: Exclude<ReplayState, { phase: 'idle' }>; onStop(): void; onClose(): void }) {
  if (state.phase === 'failed') {
    return (
      <>
        <ErrorAlert error={state.error} title="The replay stopped" />
        <Text size="sm">{state.requeued} deliveries were requeued before it stopped.</Text>
        <Button onClick={onClose}>Close</Button>
      </>
    );
  }
  const done = Math.max(0, state.initial - state.remaining);
  const percent = state.initial ? Math.min(100, Math.round((done / state.initial) * 100)) : 100;
  return (
    <>
      <Progress value={percent} aria-label="Replay progress" animated={state.phase === 'running'} />
      <Text role="status" aria-live="polite">
        {state.phase === 'running'
          ? `Replaying… ${state.requeued} requeued so far; ${state.remaining} still active.`
          : `${state.stopped ? 'Stopped' : 'Replay finished'}: ${state.requeued} ${state.requeued === 1 ? 'delivery' : 'deliveries'} requeued; ${state.remaining} matching still active.`}
      </Text>
      {state.phase === 'done' && (
        <Alert color="blue" role="note">
          The requeued deliveries are being sent again now. Any that fail for good come back here as new active dead letters.
        </Alert>
      )}
      <Group justify="flex-end">
        {state.phase === 'running' ? (
          <Button variant="default" onClick={onStop} disabled={state.stopping}>
            {state.stopping ? 'Stopping after this slice…' : 'Stop'}
          </Button>
        ) : (
          <Button onClick={onClose}>Close</Button>
        )}
      </Group>
    </>
  );
}
