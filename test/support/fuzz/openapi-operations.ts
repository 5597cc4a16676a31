import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';

/** The subset of JSON Schema openapi.yaml uses, after $ref resolution. */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  minProperties?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** As documented, relative to the server's /api/v1, with `{name}` placeholders. */
  path: string;
  parameters: Parameter[];
  /** Media type -> schema; absent when the operation takes no body. */
  body?: { required: boolean; media: Record<string, Schema> };
  /** Status code -> the documented body schema (undefined when the response has no JSON body). */
  responses: Record<string, Schema | undefined>;
  /** Statuses whose documented answer is an HTML page (the unsubscribe link's), not a JSON body. */
  htmlStatuses: string[];
  /** False for `security: []` (health, provider feedback) and where `{}` makes the credential optional (OAuth authorize, accepting an invitation). */
  secured: boolean;
  /** A bearer (a user's access token or a system account's credential) is what it takes: the control and admin planes. */
  bearer: boolean;
}

const mentionsBearer = (security: unknown[]) => security.some((r) => typeof r === 'object' && r !== null && 'BearerAuth' in r);

/** An empty requirement (`- {}`) lets a request without any credential through. */
function isSecured(security: unknown[]): boolean {
  return security.length > 0 && !security.some((r) => typeof r === 'object' && r !== null && Object.keys(r).length === 0);
}

export const OPENAPI_FILE = join(__dirname, '..', '..', '..', 'openapi.yaml');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Replaces every local `$ref` by the object it points at (the document has no cycles). */
export function resolveRefs(node: unknown, root: unknown): unknown {
  if (Array.isArray(node)) return node.map((item) => resolveRefs(item, root));
  if (node === null || typeof node !== 'object') return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') return resolveRefs(pointer(root, ref), root);
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolveRefs(value, root)]));
}

function pointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported, got ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((at, part) => {
      const next = (at as Record<string, unknown> | undefined)?.[part];
      if (next === undefined) throw new Error(`unresolvable $ref ${ref}`);
      return next;
    }, root);
}

interface RawOperation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  security?: unknown[];
}

/** Every operation of openapi.yaml (webhooks excluded: they describe what Herald sends). */
export function loadOperations(file = OPENAPI_FILE): Operation[] {
  const raw = load(readFileSync(file, 'utf8'));
  const doc = resolveRefs(raw, raw) as { paths: Record<string, Record<string, RawOperation>>; security?: unknown[] };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      // Parameters declared on the path item apply to each of its operations.
      const shared = (item as { parameters?: Parameter[] }).parameters ?? [];
      if (op) operations.push(toOperation(path, method, { ...op, parameters: [...shared, ...(op.parameters ?? [])] }, doc.security ?? []));
    }
  }
  return operations;
}

function toOperation(path: string, method: Operation['method'], op: RawOperation, defaultSecurity: unknown[]): Operation {
  const responses: Operation['responses'] = {};
  const htmlStatuses: string[] = [];
  for (const [status, response] of Object.entries(op.responses)) {
    responses[status] = response.content?.['application/json']?.schema;
    if (response.content?.['text/html']) htmlStatuses.push(status);
  }
  const body = op.requestBody
    ? {
        required: op.requestBody.required ?? false,
        media: Object.fromEntries(Object.entries(op.requestBody.content).map(([type, media]) => [type, media.schema])),
      }
    : undefined;
  return {
    operationId: op.operationId,
    method,
    path,
    parameters: (op.parameters ?? []).map((p) => ({ ...p, required: p.required ?? false })),
    body,
    responses,
    htmlStatuses,
    secured: isSecured(op.security ?? defaultSecurity),
    bearer: mentionsBearer(op.security ?? defaultSecurity),
  };
}
