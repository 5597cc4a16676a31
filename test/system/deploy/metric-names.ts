import { registry } from '@herald/metrics';

type MetricKind = 'counter' | 'gauge' | 'histogram' | 'summary';

/**
 * The metrics Herald's processes export and their labels, read from the very registry the
 * services use (libs/metrics): what the Grafana dashboard may query, with no second list to drift.
 */
export const HERALD_METRICS: Record<string, { type: MetricKind; labels: readonly string[] }> = Object.fromEntries(
  registry
    .getMetricsAsArray()
    .filter((m) => m.name.startsWith('herald_'))
    .map((m) => {
      const metric = m as unknown as { name: string; labelNames?: string[]; constructor: { name: string } };
      return [metric.name, { type: metric.constructor.name.toLowerCase() as MetricKind, labels: metric.labelNames ?? [] }];
    }),
);

/** prom-client's default metrics (collectDefaultMetrics) that the dashboard uses. */
export const PROCESS_METRICS = {
  process_cpu_seconds_total: { type: 'counter', labels: [] },
  process_resident_memory_bytes: { type: 'gauge', labels: [] },
  nodejs_eventloop_lag_p99_seconds: { type: 'gauge', labels: [] },
  nodejs_heap_size_used_bytes: { type: 'gauge', labels: [] },
} as const;

/** Labels Prometheus adds to every series it scrapes through the ServiceMonitor (k8s/servicemonitor.yaml). */
export const TARGET_LABELS = ['job', 'namespace', 'pod', 'instance', 'container', 'service', 'endpoint'] as const;

/** Every series name a query may use, with its labels: a histogram's _bucket (with `le`), _sum and _count. */
export function knownSeries(): Map<string, readonly string[]> {
  const series = new Map<string, readonly string[]>();
  for (const [name, { type, labels }] of Object.entries({ ...HERALD_METRICS, ...PROCESS_METRICS }) as Array<
    [string, { type: string; labels: readonly string[] }]
  >) {
    if (type !== 'histogram') series.set(name, labels);
    else {
      series.set(`${name}_bucket`, [...labels, 'le']);
      series.set(`${name}_sum`, labels);
      series.set(`${name}_count`, labels);
    }
  }
  return series;
}
