import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { RE2JS } from 're2js';
import type { ValidationIssue } from '@herald/errors';
import { utf8Bytes } from '@herald/contracts';

type Loc = Array<string | number>;

/** An event type's JSON Schema (draft-07) as stored: at most 64 KiB serialised and 32 levels deep. */
export const PAYLOAD_SCHEMA_LIMITS = { bytes: 65_536, depth: 32 } as const;

/**
 * `pattern` and `patternProperties` run on RE2 (re2js, linear time, pure JavaScript): a project's
 * schema is matched against payloads of up to 256 KiB on the api's one thread, and a backtracking
 * pattern such as `^(a+)+$` would hold it for minutes. RE2 has no lookaround or backreferences; a
 * schema that uses them is refused when it is saved (a 422 naming the pattern's error).
 */
function re2(pattern: string): { test(input: string): boolean } {
  const compiled = RE2JS.compile(pattern);
  return { test: (input) => compiled.test(input), toString: () => pattern } as { test(input: string): boolean };
}
re2.code = 're2js';

/**
 * One Ajv for the process. No `loadSchema`, so a `$ref` can never fetch anything; `strict: false`
 * so annotations other tools add (`x-...`, `example`) are accepted as JSON Schema allows.
 */
const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false, code: { regExp: re2 } });

/**
 * Compiled schemas by their text. The catalogue reads a type's schema again every few seconds:
 * the same text must not compile again (Ajv would keep every copy, and refuse a second schema with
 * the same `$id`). Bounded: clearing it only costs compiles.
 */
const compiled = new Map<string, ValidateFunction>();
const MAX_COMPILED = 1_000;

function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  let deepest = 0;
  for (const child of children) deepest = Math.max(deepest, depthOf(child));
  return deepest + 1;
}

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** Declares only scalar types: Ajv then checks uniqueness with a hash, in one pass. */
function scalarItems(items: unknown): boolean {
  const type = items !== null && typeof items === 'object' ? (items as { type?: unknown }).type : undefined;
  const types = Array.isArray(type) ? type : [type];
  return types.length > 0 && types.every((t) => typeof t === 'string' && SCALAR_TYPES.has(t));
}

/**
 * `uniqueItems` over items of undeclared or structured type compares every pair: on a 256 KiB
 * payload of distinct items, some 10^9 deep comparisons on the api's one thread. Only the
 * hashable (scalar) case is accepted; the path of the first offending keyword, or undefined.
 */
function quadraticUniqueItems(schema: unknown, path: string[] = []): string[] | undefined {
  if (schema === null || typeof schema !== 'object') return undefined;
  const node = schema as Record<string, unknown>;
  if (!Array.isArray(schema) && node.uniqueItems === true && !scalarItems(node.items)) return path;
  for (const [key, child] of Object.entries(node)) {
    const found = quadraticUniqueItems(child, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Compiles a schema an event type is created or updated with: the size and depth are checked
 * before Ajv sees it (compiling is recursive), and a schema Ajv refuses is a 422 at `at`.
 */
export function compilePayloadSchema(schema: unknown, at: Loc): { validate?: ValidateFunction; issues: ValidationIssue[] } {
  let text: string;
  try {
    text = JSON.stringify(schema) ?? '';
  } catch {
    return { issues: [{ loc: at, msg: 'schema is not JSON', type: 'value_error' }] };
  }
  const known = compiled.get(text);
  if (known) return { validate: known, issues: [] };
  const bytes = utf8Bytes(text);
  if (bytes > PAYLOAD_SCHEMA_LIMITS.bytes)
    return {
      issues: [{ loc: at, msg: `schema is ${bytes} bytes; at most ${PAYLOAD_SCHEMA_LIMITS.bytes} are allowed`, type: 'value_error' }],
    };
  const depth = depthOf(schema);
  if (depth > PAYLOAD_SCHEMA_LIMITS.depth)
    return {
      issues: [{ loc: at, msg: `schema nests ${depth} levels; at most ${PAYLOAD_SCHEMA_LIMITS.depth} are allowed`, type: 'value_error' }],
    };
  const unique = quadraticUniqueItems(schema);
  if (unique)
    return {
      issues: [
        {
          loc: at,
          msg: `uniqueItems at /${unique.join('/')} needs items of a scalar type (string, number, integer, boolean or null)`,
          type: 'value_error',
        },
      ],
    };
  try {
    const validate = ajv.compile(schema as object);
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(text, validate);
    return { validate, issues: [] };
  } catch (err) {
    return { issues: [{ loc: at, msg: `schema is not a valid JSON Schema: ${(err as Error).message}`, type: 'value_error' }] };
  } finally {
    // The validate function keeps what it needs; Ajv's own registry would only grow.
    ajv.removeSchema(schema as object);
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
