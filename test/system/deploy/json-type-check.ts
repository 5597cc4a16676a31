import * as path from 'node:path';
import * as ts from 'typescript';

export type TypedJson = {
  /** How a problem with this value is reported, e.g. "Deployment/herald-api". */
  label: string;
  /** The module declaring the type, and the type's exported name. */
  module: string;
  type: string;
  value: unknown;
};

/**
 * Type-checks JSON values as object literals of the TypeScript types that a schema package
 * generates from its schema. TypeScript's excess-property check rejects any field the type does
 * not declare, at every depth, which is what catches a misspelt optional field (JSON schemas
 * without additionalProperties: false accept it). Enum-typed fields accept the enum's string
 * values, as JSON does. Returns "label: message" lines, empty when every value fits.
 */
export function jsonTypeErrors(values: readonly TypedJson[]): string[] {
  const fileName = path.resolve(__dirname, '__checked_json__.ts');
  const aliases = new Map<string, string>();
  const declarations: string[] = [];
  for (const v of values) {
    const key = `${v.module}#${v.type}`;
    if (!aliases.has(key)) aliases.set(key, `T${aliases.size}`);
    declarations.push(`export const v${declarations.length}: Json<${aliases.get(key)}> = ${JSON.stringify(v.value, null, 1)};`);
  }
  const header = [
    ...[...aliases].map(([key, alias]) => {
      const [module, type] = key.split('#');
      return `import type { ${type} as ${alias} } from '${module}';`;
    }),
    'type Json<T> = T extends string ? `${T}` : T extends ReadonlyArray<infer U> ? Json<U>[] : T extends object ? { [K in keyof T]: Json<T[K]> } : T;',
  ];
  // The line each value's declaration starts on, to name the value a diagnostic points into.
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
    return index >= 0 ? `${values[index].label}: ${message}` : message;
  });
}
