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

type EnumSchema = { enum?: unknown[]; items?: EnumSchema };

/** Per document read: each named schema's string values (its own `enum`, or its items' for an array of them). */
const enumsRead = new Map<string, Map<string, readonly string[]>>();

function documentedEnums(path: string): Map<string, readonly string[]> {
  let enums = enumsRead.get(path);
  if (enums) return enums;
  const document = load(readFileSync(path, 'utf8')) as { components?: { schemas?: Record<string, EnumSchema> } };
  enums = new Map();
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    const values = schema?.enum ?? schema?.items?.enum;
    if (values?.length && values.every((v) => typeof v === 'string')) enums.set(name, values as string[]);
  }
  enumsRead.set(path, enums);
  return enums;
}

/**
 * The values a named schema of the document allows: its own `enum`, or its items' for an array
 * of them. openapi.yaml owns vocabularies such as scopes and permissions; code reads them from it
 * rather than keeping a copy that could drift. The document is read once, and only its lists are
 * kept. Throws for a schema that has no such list, so a renamed schema stops the process at start.
 */
export function documentedEnum(schema: string, path = OPENAPI_PATH): readonly string[] {
  const values = documentedEnums(path).get(schema);
  if (!values) throw new Error(`openapi.yaml: schema ${schema} lists no string values`);
  return values;
}
