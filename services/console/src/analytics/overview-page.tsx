import '@mantine/charts/styles.css';
import { Loader } from '@mantine/core';
import { useProjectId } from '../projects/current-project';
import { ErrorAlert } from '../shared/error-alert';
import { Page } from '../shared/page';
import { useAnalytics, useRecentFailures, useTrends } from './analytics.query';
import { useRange } from './range';
import { RangePicker } from './range-picker';
import { RecentFailures } from './recent-failures';
import { Totals } from './totals';
import { TrendChart } from './trend-chart';

/** How the project is doing over a period: counts, the trend, and what failed lately and why. */
export function OverviewPage() {
  const projectId = useProjectId();
  const { range, customFrom, customTo, setRange } = useRange();
  const analytics = useAnalytics(range);
  const trends = useTrends(range);
  const failures = useRecentFailures(range);
  return (
    <Page title="Overview">
      <RangePicker
        key={`${range.preset}|${customFrom}|${customTo}`}
        range={range}
        customFrom={customFrom}
        customTo={customTo}
        onChange={setRange}
      />
      <ErrorAlert error={analytics.error} title="Could not load the totals" />
      {analytics.isLoading && <Loader aria-label="Loading the totals" />}
      {analytics.data && <Totals analytics={analytics.data} />}
      <ErrorAlert error={trends.error} title="Could not load the trend" />
      {trends.data && <TrendChart series={trends.data.series} granularity={trends.data.granularity} />}
      <ErrorAlert error={failures.error} title="Could not load the recent failures" />
      {failures.data && <RecentFailures projectId={projectId} failures={failures.data.items} total={failures.data.total} />}
    </Page>
  );
}
