import { Code, Stack, Text, Timeline } from '@mantine/core';
import { formatTime } from '../shared/format';
import type { NotificationLog, NotificationStatus } from './notifications.query';

const OUTCOME: Record<NotificationLog['status'], { title: string; color: string }> = {
  delivered: { title: 'Delivered', color: 'green' },
  retrying: { title: 'Failed, retry scheduled', color: 'orange' },
  failed: { title: 'Failed, no further attempt', color: 'red' },
};

/** What the provider said, in one line: the HTTP status for webhooks, the server's reply for email, Twilio's status for SMS. */
function providerAnswer(channel: string, response: NotificationLog['provider_response']): string {
  if (!response) return 'No provider response recorded';
  if (channel === 'webhook') return typeof response.status_code === 'number' ? `HTTP ${response.status_code}` : 'No HTTP response';
  if (response.smtp_response) return response.smtp_response;
  const extra = response as Record<string, unknown>;
  if (typeof extra.ses_message_id === 'string') return `Accepted by SES as ${extra.ses_message_id}`;
  if (typeof response.status_code === 'number')
    return `HTTP ${response.status_code}${extra.error_code ? `, error ${String(extra.error_code)}` : ''}`;
  if (typeof extra.status === 'string') return `Provider status: ${extra.status}`;
  return response.provider ? `Answered by ${response.provider}` : 'No provider response recorded';
}

/** "1.2 s", "3 min": how long after an attempt its retry is due. */
function formatDelay(ms: number): string {
  if (ms < 1_000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 120_000) return `${Math.round(ms / 100) / 10} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 360_000) / 10} h`;
}

function Attempt({ log, channel }: { log: NotificationLog; channel: string }) {
  const latency = log.provider_response?.latency_ms;
  const answer = providerAnswer(channel, log.provider_response);
  const retryIn = log.next_retry_at ? Date.parse(log.next_retry_at) - Date.parse(log.timestamp) : undefined;
  return (
    <Stack gap={2}>
      <Text size="sm">{formatTime(log.timestamp)}</Text>
      <Text size="sm">
        {answer}
        {latency !== undefined && ` · ${Math.round(latency)} ms`}
      </Text>
      {/* A webhook's error is often just its status again ("HTTP 500"): said once is enough. */}
      {log.error && log.error !== answer && (
        <Text size="sm" c="red.8">
          {log.error}
        </Text>
      )}
      {log.next_retry_at && (
        <Text size="sm">
          Next retry at {formatTime(log.next_retry_at)}
          {retryIn !== undefined && ` (${formatDelay(retryIn)} after this attempt)`}
        </Text>
      )}
      {log.provider_response?.body_excerpt && (
        <>
          <Text size="sm">Response body:</Text>
          <Code block>{log.provider_response.body_excerpt}</Code>
        </>
      )}
    </Stack>
  );
}

/** Every attempt of one notification, oldest first, as a list a screen reader can count. */
export function AttemptTimeline({
  logs,
  channel,
  status,
  label,
}: {
  logs: NotificationLog[];
  channel: string;
  status: NotificationStatus;
  /** Names the list ("Attempts for ops@example.com by email"). */
  label: string;
}) {
  if (logs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {status === 'suppressed' ? 'Suppressed: the recipient is on the suppression list, nothing was sent.' : 'No attempt yet.'}
      </Text>
    );
  }
  return (
    <Timeline active={logs.length - 1} bulletSize={16} lineWidth={2} role="list" aria-label={label}>
      {logs.map((log) => (
        <Timeline.Item
          key={log.attempt}
          role="listitem"
          color={OUTCOME[log.status].color}
          title={`Attempt ${log.attempt}: ${OUTCOME[log.status].title}`}
        >
          <Attempt log={log} channel={channel} />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
