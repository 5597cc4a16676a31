import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { OPENAPI_PATH } from './openapi-path';
import { expressTemplate, key, METHODS, type OperationKey } from './route-table';

/** The operations openapi.yaml documents, as route keys ("GET /events/:id"), read from the file the validator uses. */
export function documentedOperations(path = OPENAPI_PATH): OperationKey[] {
  const document = load(readFileSync(path, 'utf8')) as { paths?: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths ?? {}).flatMap(([template, item]) =>
    METHODS.filter((m) => item[m] !== undefined).map((m) => key(m, expressTemplate(template))),
  );
}

/** The document's security schemes and its default requirement (for operations without their own). */
export function documentSecurity(path = OPENAPI_PATH): { schemes: Record<string, object>; security: Array<Record<string, unknown>> } {
  const document = load(readFileSync(path, 'utf8')) as {
    security?: Array<Record<string, unknown>>;
    components?: { securitySchemes?: Record<string, object> };
  };
  return { schemes: document.components?.securitySchemes ?? {}, security: document.security ?? [] };
}

/**
 * The values a named schema of the document allows: its own `enum`, or its items' for an array
 * of them. openapi.yaml owns vocabularies such as scopes and permissions; code reads them from it
 * rather than keeping a copy that could drift. Throws for a schema that has no such list, so a
 * renamed schema stops the process at start.
 */
export function documentedEnum(schema: string, path = OPENAPI_PATH): string[] {
  type Schema = { enum?: unknown[]; items?: Schema };
  const document = load(readFileSync(path, 'utf8')) as { components?: { schemas?: Record<string, Schema> } };
  const found = document.components?.schemas?.[schema];
  const values = found?.enum ?? found?.items?.enum;
  if (!values?.every((v) => typeof v === 'string')) throw new Error(`openapi.yaml: schema ${schema} lists no string values`);
  return values as string[];
}
