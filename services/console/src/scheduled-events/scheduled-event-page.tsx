import { Anchor, Code, Loader, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { useMayWriteProject } from '../projects/project-role';
import { ErrorAlert } from '../shared/error-alert';
import { FactsTable } from '../shared/facts-table';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { StatusBadge } from '../shared/status-badge';
import { CancelButton, useCancelScheduledEventDialog } from './cancel-scheduled-event';
import { useScheduledEvent } from './scheduled-events.query';

/** What each status means for the person reading it. */
const MEANING: Record<string, string> = {
  pending: 'Waiting for its time; it can still be cancelled.',
  dispatched: 'Published as a regular event at its time.',
  cancelled: 'Cancelled before its time: nothing was sent.',
  failed: 'Its content could no longer be delivered at its time: nothing was sent.',
  expired: 'Not dispatched within an hour of its time (no scheduler was running): nothing was sent.',
};

/** One scheduled event: when, its state in words, the event it became, and Cancel while pending. */
export function ScheduledEventPage() {
  const projectId = useProjectId();
  const { scheduledEventId = '' } = useParams();
  const scheduled = useScheduledEvent(scheduledEventId);
  const mayWrite = useMayWriteProject();
  const cancelling = useCancelScheduledEventDialog();
  const event = scheduled.data;
  return (
    <Page
      title={event ? `Scheduled ${event.event_type}` : 'Scheduled event'}
      actions={mayWrite && event?.status === 'pending' && <CancelButton size="sm" event={event} onClick={() => cancelling.ask(event)} />}
    >
      <Anchor component={Link} to={`/projects/${projectId}/scheduled-events`} size="sm">
        All scheduled events
      </Anchor>
      <ErrorAlert error={scheduled.error} title="Could not load the scheduled event" />
      {cancelling.view}
      {scheduled.isLoading && <Loader aria-label="Loading the scheduled event" />}
      {event && (
        <>
          <Text>{MEANING[event.status] ?? event.status}</Text>
          <FactsTable
            caption="About this scheduled event"
            rows={[
              ['Status', <StatusBadge key="s" status={event.status} />],
              ['Scheduled for', formatTime(event.scheduled_for)],
              ['Priority', event.priority],
              [
                'Event',
                event.event_id ? (
                  <Anchor key="e" component={Link} to={`/projects/${projectId}/events/${event.event_id}`}>
                    The dispatched event
                  </Anchor>
                ) : event.status === 'pending' ? (
                  'Not published yet'
                ) : (
                  'None: nothing was published'
                ),
              ],
              ...(event.failure_reason ? [['Why nothing was sent', event.failure_reason] as [string, string]] : []),
              ['Scheduled by', event.api_key_id ? <Code key="k">API key {event.api_key_id}</Code> : 'A member of the project'],
              ['Scheduled on', formatTime(event.created_at)],
              ['Last changed', formatTime(event.updated_at)],
              ['ID', <Code key="id">{event.id}</Code>],
            ]}
          />
        </>
      )}
    </Page>
  );
}
