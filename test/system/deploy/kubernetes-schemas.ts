import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { jsonTypeErrors } from './json-type-check';
import type { K8sObject } from './kustomize';

const KINDS: Record<string, string> = JSON.parse(readFileSync(path.join(__dirname, 'kinds.json'), 'utf8'));

const label = (o: K8sObject) => `${o.kind}/${o.metadata?.name}`;

/**
 * JSON-schema validation (types, required fields, enums, formats) with the schemas compiled into
 * kubernetes-models (Kubernetes' own OpenAPI) and @kubernetes-models/keda and
 * prometheus-operator (their CRDs). Returns "Kind/name: message" lines, empty when all pass.
 */
export function schemaErrors(objects: readonly K8sObject[]): string[] {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'validate-schemas.mjs')], {
    input: JSON.stringify(objects),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const results: string[][] = JSON.parse(out);
  return results.flatMap((errors, i) => errors.map((e) => `${label(objects[i])}: ${e}`));
}

/**
 * Unknown fields, which those schemas accept (the Kubernetes API prunes or rejects them; a typo
 * such as `readinesProbe` would silently drop the probe). The same packages' TypeScript types
 * describe the same schemas, and TypeScript's excess-property check on object literals rejects
 * any field a type does not declare, at every depth: the rendered objects are type-checked as
 * literals of their kind's type, like `kubectl apply --validate=strict`.
 */
export function unknownFieldErrors(objects: readonly K8sObject[]): string[] {
  return jsonTypeErrors(
    objects
      .filter((o) => KINDS[`${o.apiVersion}/${o.kind}`]) // schemaErrors reports a kind without a schema
      .map((o) => ({ label: label(o), module: KINDS[`${o.apiVersion}/${o.kind}`], type: `I${o.kind}`, value: o })),
  );
}
