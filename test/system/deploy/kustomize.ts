import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as yaml from 'js-yaml';

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
} & Record<string, any>;

export const K8S_DIR = path.resolve(__dirname, '../../../k8s');

/**
 * kustomize as built into kubectl (the machine image ships kubectl; KUSTOMIZE=/path/to/kustomize
 * uses a standalone binary instead). The real tool rather than a re-implementation, so what is
 * validated is exactly what `kubectl apply -k` would send. Rendering reads local files only.
 */
function kustomizeCommand(): [string, string[]] {
  const standalone = process.env.KUSTOMIZE;
  if (standalone) return [standalone, ['build']];
  return ['kubectl', ['kustomize']];
}

/** Renders k8s/ with the given components (paths under k8s/, in order) through a throwaway overlay. */
export function renderKustomize(components: readonly string[]): K8sObject[] {
  const overlay = mkdtempSync(path.join(tmpdir(), 'herald-k8s-'));
  try {
    const base = path.relative(overlay, K8S_DIR);
    const kustomization = {
      apiVersion: 'kustomize.config.k8s.io/v1beta1',
      kind: 'Kustomization',
      resources: [base],
      components: components.map((c) => path.join(base, c)),
    };
    writeFileSync(path.join(overlay, 'kustomization.yaml'), yaml.dump(kustomization));
    const [command, args] = kustomizeCommand();
    let rendered: string;
    try {
      rendered = execFileSync(command, [...args, overlay], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err: any) {
      if (err.code === 'ENOENT')
        throw new Error(`${command} not found: install kubectl (or set KUSTOMIZE to a kustomize binary) to render k8s/`);
      throw new Error(`kustomize failed for components [${components.join(', ')}]: ${err.stderr ?? err.message}`);
    }
    return yaml.loadAll(rendered).filter((doc): doc is K8sObject => doc !== null && typeof doc === 'object');
  } finally {
    rmSync(overlay, { recursive: true, force: true });
  }
}
