import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as yaml from 'js-yaml';
import { CHANNELS, LANES } from '@herald/contracts';
import { TopologyNames } from '@herald/messaging';
import { K8S_DIR, renderKustomize, type K8sObject } from './kustomize';
import { schemaErrors, unknownFieldErrors } from './kubernetes-schemas';

/** Every way k8s/ is meant to be applied: the base, and each component combination in the documented order. */
const COMBINATIONS: readonly (readonly string[])[] = [
  [],
  ['components/sms'],
  ['components/postgres-driver'],
  ['components/sms', 'components/postgres-driver'],
];
const name = (components: readonly string[]) => (components.length ? components.join(' + ') : 'base');

const rendered = new Map(COMBINATIONS.map((c) => [name(c), renderKustomize(c)]));
const objectsOf = (components: readonly string[]) => rendered.get(name(components))!;

const ofKind = (objects: readonly K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const byName = (objects: readonly K8sObject[], kind: string, n: string) => ofKind(objects, kind).find((o) => o.metadata.name === n);
const selects = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);
const podLabels = (d: K8sObject): Record<string, string> => d.spec.template.metadata.labels;
const component = (d: K8sObject) => podLabels(d)['app.kubernetes.io/component'];

function configValue(objects: readonly K8sObject[], key: string): string {
  return byName(objects, 'ConfigMap', 'herald-config')!.data[key];
}

/** The queues a scaled Deployment consumes (one per lane), by the same names the code uses. */
function queuesOf(deploymentComponent: string): string[] {
  const names = new TopologyNames();
  if (deploymentComponent === 'fanout') return LANES.map((p) => names.fanoutLane(p));
  const channel = CHANNELS.find((c) => `${c}-worker` === deploymentComponent);
  if (!channel) throw new Error(`${deploymentComponent} consumes no queue`);
  return LANES.map((p) => names.deliveryQueue(channel, p));
}

/** The lowest replica count a Deployment runs with, whoever owns the count. */
function replicaFloor(objects: readonly K8sObject[], deployment: K8sObject): number {
  const target = (o: K8sObject) => o.spec.scaleTargetRef?.name === deployment.metadata.name;
  const hpa = ofKind(objects, 'HorizontalPodAutoscaler').find(target);
  const scaled = ofKind(objects, 'ScaledObject').find(target);
  return hpa?.spec.minReplicas ?? scaled?.spec.minReplicaCount ?? deployment.spec.replicas ?? 1;
}

describe.each(COMBINATIONS.map((c) => [name(c), c] as const))('k8s/ rendered with %s', (_label, components) => {
  const objects = objectsOf(components);
  const deployments = ofKind(objects, 'Deployment');

  it('validates every object against the Kubernetes, KEDA and prometheus-operator schemas, unknown fields included', () => {
    expect(objects.length).toBeGreaterThan(10);
    expect(schemaErrors(objects)).toEqual([]);
    expect(unknownFieldErrors(objects)).toEqual([]);
  });

  it('runs the sms-worker only with the sms component, and the queue driver the component says', () => {
    expect(deployments.some((d) => component(d) === 'sms-worker')).toBe(components.includes('components/sms'));
    expect(configValue(objects, 'QUEUE_DRIVER')).toBe(components.includes('components/postgres-driver') ? 'postgres' : 'rabbitmq');
  });

  it('probes every Deployment on its ops port: liveness /livez, readiness /readyz', () => {
    const opsPort = Number(configValue(objects, 'OPS_PORT'));
    for (const d of deployments) {
      const [container] = d.spec.template.spec.containers;
      const where = `${d.metadata.name}`;
      expect([where, container.ports.find((p: any) => p.name === 'ops')?.containerPort]).toEqual([where, opsPort]);
      expect([where, container.livenessProbe.httpGet]).toEqual([where, { path: '/livez', port: 'ops' }]);
      expect([where, container.startupProbe.httpGet]).toEqual([where, { path: '/livez', port: 'ops' }]);
      expect([where, container.readinessProbe.httpGet]).toEqual([where, { path: '/readyz', port: 'ops' }]);
    }
  });

  it('gives the drain room: grace period above preStop plus SHUTDOWN_TIMEOUT_MS', () => {
    const shutdownSeconds = Number(configValue(objects, 'SHUTDOWN_TIMEOUT_MS')) / 1000;
    for (const d of deployments) {
      const [container] = d.spec.template.spec.containers;
      const preStop = container.lifecycle?.preStop?.exec?.command;
      const preStopSeconds = preStop?.[0] === 'sleep' ? Number(preStop[1]) : 0;
      expect([d.metadata.name, d.spec.template.spec.terminationGracePeriodSeconds > preStopSeconds + shutdownSeconds]).toEqual([
        d.metadata.name,
        true,
      ]);
    }
    const api = deployments.find((d) => component(d) === 'api')!;
    expect(api.spec.template.spec.containers[0].lifecycle.preStop.exec.command[0]).toBe('sleep');
  });

  it('has one owner for each replica count: a CPU HPA for the api, KEDA on queue depth for fan-out and the channel workers', () => {
    for (const d of deployments) {
      const target = (o: K8sObject) => o.spec.scaleTargetRef?.name === d.metadata.name;
      const hpas = ofKind(objects, 'HorizontalPodAutoscaler').filter(target);
      const scaled = ofKind(objects, 'ScaledObject').filter(target);
      const c = component(d);
      if (c === 'api') {
        expect(hpas.map((h) => h.spec.metrics[0].resource.name)).toEqual(['cpu']);
        expect(scaled).toEqual([]);
      } else if (c === 'scheduler') {
        expect([hpas, scaled, d.spec.replicas]).toEqual([[], [], 2]);
        continue;
      } else {
        expect([c, hpas.length, scaled.length]).toEqual([c, 0, 1]);
        const queues = queuesOf(c);
        const queueTriggers = scaled[0].spec.triggers.filter((t: any) => t.type !== 'cpu');
        if (components.includes('components/postgres-driver')) {
          expect(queueTriggers.map((t: any) => t.type)).toEqual(['postgresql']);
          for (const queue of queues) expect(queueTriggers[0].metadata.query).toContain(`'${queue}'`);
        } else {
          // Every lane scales the worker: a backlog in any one of them must add replicas.
          expect(queueTriggers.map((t: any) => t.metadata.queueName).sort()).toEqual([...queues].sort());
          for (const t of queueTriggers) expect(t).toMatchObject({ type: 'rabbitmq', metadata: { mode: 'QueueLength', protocol: 'amqp' } });
        }
      }
      // A `replicas:` under an autoscaler would be reset by every `kubectl apply`.
      expect([d.metadata.name, d.spec.replicas]).toEqual([d.metadata.name, undefined]);
    }
  });

  it('resolves every KEDA authentication to a TriggerAuthentication reading documented keys of herald-secrets', () => {
    const example = yaml.load(readFileSync(path.join(K8S_DIR, 'secret.example.yaml'), 'utf8')) as any;
    const documented = readFileSync(path.join(K8S_DIR, 'secret.example.yaml'), 'utf8');
    for (const so of ofKind(objects, 'ScaledObject')) {
      for (const t of so.spec.triggers.filter((tr: any) => tr.authenticationRef)) {
        const auth = byName(objects, 'TriggerAuthentication', t.authenticationRef.name);
        expect([so.metadata.name, t.type, auth?.metadata.name]).toEqual([so.metadata.name, t.type, t.authenticationRef.name]);
      }
    }
    for (const auth of ofKind(objects, 'TriggerAuthentication')) {
      for (const ref of auth.spec.secretTargetRef) {
        expect(ref.name).toBe(example.metadata.name);
        expect(documented).toMatch(new RegExp(`^\\s+#?\\s*${ref.key}:`, 'm'));
      }
    }
  });

  it('guards every Deployment that runs two or more replicas with a PodDisruptionBudget of its own', () => {
    const pdbs = ofKind(objects, 'PodDisruptionBudget');
    for (const d of deployments) {
      const mine = pdbs.filter((p) => selects(p.spec.selector.matchLabels, podLabels(d)));
      if (replicaFloor(objects, d) >= 2) expect([d.metadata.name, mine.length]).toEqual([d.metadata.name, 1]);
    }
    for (const p of pdbs) {
      expect([p.metadata.name, deployments.filter((d) => selects(p.spec.selector.matchLabels, podLabels(d))).length]).toEqual([
        p.metadata.name,
        1,
      ]);
    }
  });

  it('lets the ServiceMonitor reach every Deployment through a Service exposing its ops port', () => {
    const [monitor] = ofKind(objects, 'ServiceMonitor');
    expect(monitor.spec.endpoints).toEqual([expect.objectContaining({ port: 'ops', path: '/metrics' })]);
    const scraped = ofKind(objects, 'Service').filter((s) => selects(monitor.spec.selector.matchLabels, s.metadata.labels));
    for (const d of deployments) {
      const service = scraped.find((s) => selects(s.spec.selector, podLabels(d)));
      expect([d.metadata.name, service?.spec.ports.some((p: any) => p.name === 'ops' && p.targetPort === 'ops')]).toEqual([
        d.metadata.name,
        true,
      ]);
      expect(service?.metadata.labels?.[monitor.spec.jobLabel]).toBe(component(d));
    }
  });
});

describe('manifest validation', () => {
  const base = objectsOf([]);
  const copy = (kind: string, n: string) => structuredClone(byName(base, kind, n)!);

  it('reports a misspelt field at any depth, in core kinds and in the KEDA and prometheus-operator CRDs', () => {
    const deployment = copy('Deployment', 'herald-webhook-worker');
    deployment.spec.template.spec.containers[0].readinesProbe = deployment.spec.template.spec.containers[0].readinessProbe;
    delete deployment.spec.template.spec.containers[0].readinessProbe;
    const scaled = copy('ScaledObject', 'herald-webhook-worker');
    scaled.spec.minReplicas = scaled.spec.minReplicaCount;
    const monitor = copy('ServiceMonitor', 'herald');
    monitor.spec.endpoints[0].intervall = '30s';

    const errors = unknownFieldErrors([deployment, scaled, monitor]);
    expect(errors).toEqual([
      expect.stringMatching(/^Deployment\/herald-webhook-worker: .*readinesProbe"' does not exist/),
      expect.stringMatching(/^ScaledObject\/herald-webhook-worker: .*minReplicas"' does not exist/),
      expect.stringMatching(/^ServiceMonitor\/herald: .*intervall"' does not exist/),
    ]);
  });

  it('reports a wrong type, a missing required field and a kind without a schema', () => {
    const deployment = copy('Deployment', 'herald-scheduler');
    deployment.spec.replicas = '2';
    const pdb = copy('PodDisruptionBudget', 'herald-api');
    pdb.spec.unhealthyPodEvictionPolicy = 'Sometimes';
    const scaled = copy('ScaledObject', 'herald-fanout');
    delete scaled.spec.scaleTargetRef;
    const unknown = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } };

    expect(schemaErrors([deployment, pdb, scaled, unknown])).toEqual([
      expect.stringMatching(/^Deployment\/herald-scheduler: .*replicas must be integer/),
      expect.stringMatching(/^PodDisruptionBudget\/herald-api: .*unhealthyPodEvictionPolicy/),
      expect.stringMatching(/^ScaledObject\/herald-fanout: .*scaleTargetRef/),
      'Widget/w: no schema for example.com/v1 Widget (test/deploy/kinds.json)',
    ]);
  });
});
