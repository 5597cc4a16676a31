import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
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
  const fileName = path.resolve(__dirname, '__rendered_manifests__.ts');
  const typeAliases = new Map<string, string>();
  const checked: K8sObject[] = [];
  const declarations: string[] = [];
  for (const o of objects) {
    const modulePath = KINDS[`${o.apiVersion}/${o.kind}`];
    if (!modulePath) continue; // schemaErrors reports the missing schema
    if (!typeAliases.has(modulePath)) typeAliases.set(modulePath, `T${typeAliases.size}`);
    declarations.push(`export const o${checked.length}: ${typeAliases.get(modulePath)} = ${JSON.stringify(o, null, 1)};`);
    checked.push(o);
  }
  const header = [...typeAliases].map(
    ([modulePath, alias]) => `import type { I${modulePath.split('/').pop()} as ${alias} } from '${modulePath}';`,
  );
  // The line each object's declaration starts on, to name the object a diagnostic points into.
  const firstLines: number[] = [];
  let line = header.length;
  for (const d of declarations) {
    firstLines.push(line);
    line += d.split('\n').length;
  }
  const source = [...header, ...declarations].join('\n');

  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    lib: ['lib.es2022.d.ts'],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, languageVersion, ...rest) =>
    path.resolve(name) === fileName
      ? ts.createSourceFile(name, source, languageVersion, true)
      : getSourceFile(name, languageVersion, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === fileName || fileExists(name);
  const program = ts.createProgram([fileName], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!d.file || d.start === undefined || path.resolve(d.file.fileName) !== fileName) return message;
    const at = d.file.getLineAndCharacterOfPosition(d.start).line;
    const index = firstLines.findLastIndex((first) => first <= at);
    return index >= 0 ? `${label(checked[index])}: ${message}` : message;
  });
}
