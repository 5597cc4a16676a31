import { Anchor, Code, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { ErrorAlert } from '../shared/error-alert';
import { FactsTable } from '../shared/facts-table';
import { formatTime } from '../shared/format';
import { StatusBadge } from '../shared/status-badge';
import { DeadLetterStatusBadge } from './dead-letter-status-badge';
import { Page } from '../shared/page';
import { AttemptsTable } from './attempts-table';
import { DeadLetterActions } from './dead-letter-actions';
import { errorTypeLabel } from './dead-letter-filter';
import { useDeadLetter, useDeadLetterNotification, type DeadLetter } from './dead-letters.query';

/** One dead letter: why it stopped, its notification's attempts, and the decision to retry or discard it. */
export function DeadLetterPage() {
  const { deadLetterId = '' } = useParams();
  const projectId = useProjectId();
  const record = useDeadLetter(deadLetterId);
  return (
    <Page title="Dead letter">
      <Anchor component={Link} to={`/projects/${projectId}/dead-letters`} size="sm">
        Back to dead letters
      </Anchor>
      <ErrorAlert error={record.error} title="Could not load the dead letter" />
      {record.isLoading && <Loader aria-label="Loading the dead letter" />}
      {record.data && <DeadLetterDetail record={record.data} projectId={projectId} />}
    </Page>
  );
}

function DeadLetterDetail({ record, projectId }: { record: DeadLetter; projectId: string }) {
  const notification = useDeadLetterNotification(record.notification_id);
  return (
    <Stack gap="lg">
      <FactsTable
        caption="What was dead-lettered and why"
        nameWidth={220}
        rows={[
          ['Status', <DeadLetterStatusBadge key="status" status={record.status} />],
          ['Channel', record.channel],
          ['Recipient', record.recipient],
          ['Reason', record.error_type ? `${errorTypeLabel(record.error_type)} (${record.error_type})` : '—'],
          ['Error', record.error_message ? <Code block>{record.error_message}</Code> : '—'],
          ['Retries before it was dead-lettered', record.retry_count],
          [
            'Notification',
            <>
              <Code>{record.notification_id}</Code>{' '}
              {notification.data && (
                <>
                  now <StatusBadge status={notification.data.status} />
                </>
              )}
            </>,
          ],
          [
            'Event',
            record.event_id ? (
              <Anchor component={Link} to={`/projects/${projectId}/events/${record.event_id}`}>
                Event {record.event_id}
              </Anchor>
            ) : (
              '—'
            ),
          ],
          ['Dead-lettered', formatTime(record.created_at)],
          ['Last changed', formatTime(record.updated_at)],
        ]}
      />
      <DeadLetterActions record={record} />
      <section aria-labelledby="attempts-heading">
        <Title order={2} size="h4" id="attempts-heading" mb="xs">
          Attempts
        </Title>
        <ErrorAlert error={notification.error} title="Could not load the attempts" />
        {notification.isLoading && <Loader size="sm" aria-label="Loading the attempts" />}
        {notification.data && (
          <>
            {notification.data.last_error && (
              <Text size="sm" mb="xs">
                Last error: {notification.data.last_error}
              </Text>
            )}
            <AttemptsTable logs={notification.data.notification_logs} />
          </>
        )}
      </section>
    </Stack>
  );
}
