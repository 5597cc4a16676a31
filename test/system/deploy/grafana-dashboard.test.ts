import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { jsonTypeErrors } from './json-type-check';
import { HERALD_METRICS, TARGET_LABELS, knownSeries } from './metric-names';

const DASHBOARD = path.resolve(__dirname, '../../../deploy/grafana/herald.json');
const GRAFANA_VARIABLES = new Set(['__rate_interval', '__interval', '__range']);

type Target = { expr: string; legendFormat?: string; datasource?: { uid?: string } };

/** What is wrong with one PromQL query: unknown series, labels those series lack, unknown variables. */
function queryProblems(expr: string, legendFormat: string, variables: ReadonlySet<string>): string[] {
  const series = knownSeries();
  const problems: string[] = [];
  const used = [...new Set(expr.match(/\b(?:herald|process|nodejs)_[a-z0-9_]+\b/g) ?? [])];
  if (used.length === 0) problems.push(`queries no Herald metric: ${expr}`);
  const allowedLabels = new Set<string>(TARGET_LABELS);
  for (const name of used) {
    const labels = series.get(name);
    if (!labels) problems.push(`unknown metric ${name}`);
    else labels.forEach((l) => allowedLabels.add(l));
  }
  const matcherLabels = [...expr.matchAll(/\{([^}]*)\}/g)].flatMap((m) =>
    [...m[1].matchAll(/([a-zA-Z_]\w*)\s*(?:=~|!~|!=|=)/g)].map((l) => l[1]),
  );
  const groupingLabels = [...expr.matchAll(/\b(?:by|without)\s*\(([^)]*)\)/g)].flatMap((m) => m[1].split(',').map((l) => l.trim()));
  for (const label of new Set([...matcherLabels, ...groupingLabels])) {
    if (!allowedLabels.has(label)) problems.push(`label ${label} is on none of ${used.join(', ')}`);
  }
  // A legend can only show labels the query's result keeps: its `by (...)` labels when it aggregates.
  const resultLabels = groupingLabels.length > 0 || /\b(sum|max|min|avg|count)\s*\(/.test(expr) ? new Set(groupingLabels) : allowedLabels;
  for (const [, label] of legendFormat.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) {
    if (!resultLabels.has(label)) problems.push(`legend shows {{${label}}}, which the query's result does not have`);
  }
  for (const [, variable] of expr.matchAll(/\$\{?(\w+)/g)) {
    if (!variables.has(variable) && !GRAFANA_VARIABLES.has(variable)) problems.push(`unknown variable $${variable}`);
  }
  return problems;
}

describe('deploy/grafana/herald.json', () => {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8'));
  const variables: any[] = dashboard.templating.list;
  const variableNames = new Set(variables.map((v) => v.name as string));
  const panels: any[] = dashboard.panels.filter((p: any) => p.type !== 'row');
  const targets: Target[] = panels.flatMap((p) => p.targets);

  it('is an importable dashboard: uid, title, unique panel ids, panels inside the 24-column grid', () => {
    expect(dashboard).toMatchObject({ uid: expect.any(String), title: 'Herald', schemaVersion: expect.any(Number) });
    const ids = dashboard.panels.map((p: any) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of dashboard.panels) expect([p.title, p.gridPos.x + p.gridPos.w <= 24]).toEqual([p.title, true]);
  });

  it("fits Grafana's own dashboard schema (@grafana/schema), unknown fields included", () => {
    expect(jsonTypeErrors([{ label: 'herald.json', module: '@grafana/schema', type: 'Dashboard', value: dashboard }])).toEqual([]);
    const misspelt = { ...dashboard, panels: [{ ...dashboard.panels[1], gridPos: { ...dashboard.panels[1].gridPos, width: 6 } }] };
    expect(jsonTypeErrors([{ label: 'misspelt', module: '@grafana/schema', type: 'Dashboard', value: misspelt }])).toEqual([
      expect.stringMatching(/^misspelt: .*width"' does not exist/),
    ]);
  });

  it('takes its Prometheus data source from a variable, in every panel and query', () => {
    expect(variables.find((v) => v.name === 'datasource')).toMatchObject({ type: 'datasource', query: 'prometheus' });
    for (const p of panels) {
      expect([p.title, p.datasource]).toEqual([p.title, { type: 'prometheus', uid: '${datasource}' }]);
      for (const t of p.targets) expect([p.title, t.datasource?.uid]).toEqual([p.title, '${datasource}']);
    }
  });

  it('queries only metrics Herald exports, with labels they have, and shows each Herald metric somewhere', () => {
    const problems = targets.flatMap((t) => queryProblems(t.expr, t.legendFormat ?? '', variableNames).map((p) => `${t.expr}: ${p}`));
    expect(problems).toEqual([]);
    const queried = targets.map((t) => t.expr).join('\n');
    const unused = Object.keys(HERALD_METRICS).filter((name) => !new RegExp(`\\b${name}(_bucket|_sum|_count)?\\b`).test(queried));
    expect(unused).toEqual([]);
  });

  it('covers throughput, latency, backlog and dead letters per channel, and the api', () => {
    const titles = panels.map((p) => p.title as string).join('\n');
    for (const subject of [
      /by channel/,
      /Delivery latency/,
      /Provider request latency/,
      /Queue depth/,
      /Outbox/,
      /Dead letters/,
      /Error ratio/,
    ]) {
      expect(titles).toMatch(subject);
    }
  });

  it('catches a misspelt metric, a label the metric lacks, a legend label lost by aggregation and an unknown variable', () => {
    const vars = new Set(['namespace']);
    expect(queryProblems('sum(rate(herald_dead_letter_total[5m]))', '', vars)).toEqual(['unknown metric herald_dead_letter_total']);
    expect(queryProblems('sum by (route) (rate(herald_dead_letters_total[5m]))', '', vars)).toEqual([
      'label route is on none of herald_dead_letters_total',
    ]);
    expect(queryProblems('sum(rate(herald_dead_letters_total{namespace=~"$namespace"}[5m]))', '{{channel}}', vars)).toEqual([
      "legend shows {{channel}}, which the query's result does not have",
    ]);
    expect(queryProblems('max(herald_outbox_backlog{namespace=~"$ns"})', '', vars)).toEqual(['unknown variable $ns']);
  });
});
