import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '@herald/client';
import { useProjectApi, useProjectId } from '../projects/current-project';
import { unwrap } from '../session/api-error';

export type Channel = components['schemas']['Channel'];
export type NotificationStatus = components['schemas']['NotificationStatus'];
export type NotificationLog = components['schemas']['NotificationLog'];
export type NotificationDetail = components['schemas']['NotificationDetail'];

export const CHANNELS: Channel[] = ['email', 'sms', 'webhook'];
export const NOTIFICATION_STATUSES: NotificationStatus[] = ['processing', 'retrying', 'delivered', 'failed', 'suppressed'];

export interface NotificationQuery {
  status?: string;
  channel?: string;
  recipient?: string;
  date_from?: string;
  date_to?: string;
}

const PER_PAGE = 25;
const LIVE_INTERVAL_MS = 2_000;

export const notificationsKey = (projectId: string) => ['projects', projectId, 'notifications'] as const;

/** Processing or retrying: another attempt is still to come. */
export function isFinal(status: NotificationStatus | undefined): boolean {
  return status === 'delivered' || status === 'failed' || status === 'suppressed';
}

/** One page of the project's notifications, newest first. */
export function useNotifications(filters: NotificationQuery, page: number) {
  const api = useProjectApi();
  const projectId = useProjectId();
  return useQuery({
    queryKey: [...notificationsKey(projectId), 'list', filters, page],
    queryFn: async () =>
      unwrap(
        await api.GET('/notifications', {
          params: {
            query: {
              ...filters,
              status: filters.status as NotificationStatus | undefined,
              channel: filters.channel as Channel | undefined,
              page,
              per_page: PER_PAGE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * One notification with every attempt, asked for again every 2 s while another attempt is to
 * come, unless `poll` is off (a page that follows its attempts on the delivery stream instead).
 */
export function useNotification(notificationId: string, { poll = true } = {}) {
  const api = useProjectApi();
  const projectId = useProjectId();
  return useQuery({
    queryKey: [...notificationsKey(projectId), 'detail', notificationId],
    queryFn: async () => unwrap(await api.GET('/notifications/{id}', { params: { path: { id: notificationId } } })),
    refetchInterval: (query) => (!poll || query.state.error || isFinal(query.state.data?.status) ? false : LIVE_INTERVAL_MS),
  });
}
