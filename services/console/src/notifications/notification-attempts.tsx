import { Loader } from '@mantine/core';
import { ErrorAlert } from '../shared/error-alert';
import { AttemptTimeline } from './attempt-timeline';
import { useNotification } from './notifications.query';

/** One notification's attempts, loaded on their own and kept live while more are to come. */
export function NotificationAttempts({
  notificationId,
  recipient,
  channel,
  poll = true,
}: {
  notificationId: string;
  recipient: string;
  channel: string;
  /** Off while the page follows the attempts on the delivery stream. */
  poll?: boolean;
}) {
  const notification = useNotification(notificationId, { poll });
  if (notification.isLoading) return <Loader size="sm" aria-label={`Loading attempts for ${recipient}`} />;
  if (!notification.data) return <ErrorAlert error={notification.error} title="Could not load the attempts" />;
  return (
    <AttemptTimeline
      logs={notification.data.notification_logs}
      channel={channel}
      status={notification.data.status}
      label={`Attempts for ${recipient} by ${channel}`}
    />
  );
}
