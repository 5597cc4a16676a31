import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { OPENAPI_FILE, resolveRefs, type Schema } from '../../support/fuzz/openapi-operations';
import { ROLES, type Role } from '../../../services/api/src/organizations/roles';

/** A bearer operation of openapi.yaml that names a role, with what it takes to call it. */
export interface RoleGatedOperation {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Relative to /api/v1, with `{name}` placeholders. */
  path: string;
  role: Role;
  pathParams: string[];
  body?: Schema;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface RawOperation {
  operationId: string;
  security?: Array<Record<string, unknown>>;
  'x-required-role'?: string;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
}

/** Every operation that takes a bearer and declares a role other than `any`, read from openapi.yaml as it is now. */
export function roleGatedOperations(): RoleGatedOperation[] {
  const raw = load(readFileSync(OPENAPI_FILE, 'utf8'));
  const doc = resolveRefs(raw, raw) as { paths: Record<string, Record<string, unknown>> };
  const found: RoleGatedOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = (item.parameters as RawOperation['parameters']) ?? [];
    for (const method of METHODS) {
      const op = item[method] as RawOperation | undefined;
      const role = op?.['x-required-role'];
      if (!op || !op.security?.some((r) => 'BearerAuth' in r) || role === undefined || role === 'any') continue;
      if (!(ROLES as readonly string[]).includes(role)) throw new Error(`${op.operationId}: x-required-role ${role} is not a role`);
      const params = [...shared, ...(op.parameters ?? [])].filter((p) => p.in === 'path').map((p) => p.name);
      found.push({
        operationId: op.operationId,
        method,
        path,
        role: role as Role,
        pathParams: params,
        body: op.requestBody?.content['application/json']?.schema,
      });
    }
  }
  return found;
}

/** A small valid value for a schema: required fields only, first enum value, shortest string. */
export function exampleOf(schema: Schema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => exampleOf(s)));
  if (schema.oneOf ?? schema.anyOf) return exampleOf((schema.oneOf ?? schema.anyOf)![0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      // Required fields, then optional ones until minProperties is met (a PATCH needs one field).
      const optional = Object.keys(schema.properties ?? {}).filter((name) => !(schema.required ?? []).includes(name));
      const names = [
        ...(schema.required ?? []),
        ...optional.slice(0, Math.max((schema.minProperties ?? 0) - (schema.required ?? []).length, 0)),
      ];
      return Object.fromEntries(names.map((name) => [name, exampleOf(schema.properties?.[name] ?? {})]));
    }
    case 'array':
      return schema.minItems ? [exampleOf(schema.items ?? {})] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    default:
      if (schema.format === 'email') return `example-${randomUUID().slice(0, 8)}@example.com`;
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
      return `example-${randomUUID().slice(0, 8)}`.slice(0, Math.max(schema.maxLength ?? 100, 1));
  }
}

export function pathWith(op: RoleGatedOperation, ids: Record<string, string>): string {
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const id = ids[name];
    if (!id)
      throw new Error(`${op.operationId}: the role matrix has no fixture for path parameter ${name}; add one to anOrganizationWorld`);
    return id;
  });
}

/** The parameter that names the organization: organization_id, or else the project's. */
export function scopeParam(op: RoleGatedOperation): string {
  return op.pathParams.includes('organization_id') ? 'organization_id' : 'project_id';
}
