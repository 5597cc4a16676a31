import '@mantine/charts/styles.css';
import { Loader, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { Totals } from '../../analytics/totals';
import { ErrorAlert } from '../../shared/error-alert';
import { formatTime } from '../../shared/format';
import { Page } from '../../shared/page';
import { useUrlFilters } from '../../shared/url-filters';
import { usePlatformAnalytics } from './admin-analytics.query';
import { ANALYTICS_FILTER_KEYS, AnalyticsFilterForm } from './analytics-filters';
import { ChannelChart } from './channel-chart';

/** Events, notifications and delivery rate over every organization, or one organization or project, as the URL says. */
export function AdminAnalyticsPage() {
  const [params] = useSearchParams();
  const { filters, query, setFilters } = useUrlFilters(ANALYTICS_FILTER_KEYS);
  const analytics = usePlatformAnalytics(query);
  const scope = query.project_id ? 'one project' : query.organization_id ? 'one organization' : 'every organization';
  return (
    <Page title="Platform analytics">
      <AnalyticsFilterForm key={params.toString()} applied={filters} onApply={setFilters} />
      <ErrorAlert error={analytics.error} title="Could not load the analytics" />
      {analytics.isLoading && <Loader aria-label="Loading the analytics" />}
      {analytics.data && (
        <>
          <Text size="sm" c="dimmed" role="status">
            {analytics.isPlaceholderData
              ? 'Updating for the new filters…'
              : `From ${formatTime(analytics.data.date_from)} to ${formatTime(analytics.data.date_to)}, ${scope}`}
          </Text>
          <ChannelChart analytics={analytics.data} />
          <Totals analytics={analytics.data} />
        </>
      )}
    </Page>
  );
}
