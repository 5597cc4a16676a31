import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { ValidationIssue } from '@herald/errors';
import { jsonBytes } from './event-limits';

type Loc = Array<string | number>;

/** An event type's JSON Schema (draft-07) as stored: at most 64 KiB serialised and 32 levels deep. */
export const PAYLOAD_SCHEMA_LIMITS = { bytes: 65_536, depth: 32 } as const;

/**
 * One Ajv for the process. No `loadSchema`, so a `$ref` can never fetch anything; `strict: false`
 * so annotations other tools add (`x-...`, `example`) are accepted as JSON Schema allows.
 */
const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });

function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  let deepest = 0;
  for (const child of children) deepest = Math.max(deepest, depthOf(child));
  return deepest + 1;
}

/**
 * Compiles a schema an event type is created or updated with: the size and depth are checked
 * before Ajv sees it (compiling is recursive), and a schema Ajv refuses is a 422 at `at`.
 */
export function compilePayloadSchema(schema: unknown, at: Loc): { validate?: ValidateFunction; issues: ValidationIssue[] } {
  const bytes = jsonBytes(schema);
  if (bytes > PAYLOAD_SCHEMA_LIMITS.bytes)
    return {
      issues: [{ loc: at, msg: `schema is ${bytes} bytes; at most ${PAYLOAD_SCHEMA_LIMITS.bytes} are allowed`, type: 'value_error' }],
    };
  const depth = depthOf(schema);
  if (depth > PAYLOAD_SCHEMA_LIMITS.depth)
    return {
      issues: [{ loc: at, msg: `schema nests ${depth} levels; at most ${PAYLOAD_SCHEMA_LIMITS.depth} are allowed`, type: 'value_error' }],
    };
  try {
    return { validate: ajv.compile(schema as object), issues: [] };
  } catch (err) {
    return { issues: [{ loc: at, msg: `schema is not a valid JSON Schema: ${(err as Error).message}`, type: 'value_error' }] };
  }
}

/** `/order/items/0` -> ['order', 'items', 0], as JSON Pointer escapes them. */
function pointerSegments(pointer: string): Array<string | number> {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((s) => (/^(0|[1-9][0-9]*)$/.test(s) ? Number(s) : s));
}

/** Where a failed keyword points: a missing property is named itself, as the request validator does. */
function issueOf(error: ErrorObject, at: Loc): ValidationIssue {
  const path = pointerSegments(error.instancePath);
  const missing = error.keyword === 'required' ? (error.params as { missingProperty?: string }).missingProperty : undefined;
  return {
    loc: [...at, ...path, ...(missing === undefined ? [] : [missing])],
    msg: `payload does not match the schema of its event type: ${error.message ?? error.keyword}`,
    type: missing === undefined ? 'value_error' : 'missing',
  };
}

/** The payload's issues against a compiled schema, each naming the failing path under `at` (…, 'payload'). */
export function payloadSchemaIssues(validate: ValidateFunction, payload: unknown, at: Loc): ValidationIssue[] {
  if (validate(payload)) return [];
  return (validate.errors ?? []).map((e) => issueOf(e, at));
}
