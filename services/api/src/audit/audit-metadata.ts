/** What an operation's audit entry records, from its `x-audit-action` and `x-audit-record` in openapi.yaml. */
export interface AuditSpec {
  action: string;
  /** `body.<field>`, `query.<name>` or `response.<field>` whose values are safe to record. */
  record: string[];
}

export interface AuditedRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** The body fields the caller sent (taken before validation fills in defaults). */
  sentFields: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Ids and the names of the fields a call changed, never their values: a body may carry
 * recipients' addresses or content. Values are recorded only for what the operation lists in
 * `x-audit-record` (names, channels, counts), so nothing secret can slip in by default.
 */
export function auditMetadata(spec: AuditSpec, req: AuditedRequest, response: unknown): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  const responseId = isObject(response) && typeof response.id === 'string' ? response.id : undefined;
  const targetId = typeof req.params.id === 'string' ? req.params.id : responseId;
  if (targetId) metadata.target_id = targetId;
  for (const [name, value] of Object.entries(req.params)) {
    if (name !== 'id' && typeof value === 'string') metadata[name] = value;
  }
  if (req.sentFields.length) metadata.fields = [...req.sentFields].sort();
  const sources: Record<string, unknown> = { body: req.body, query: req.query, response };
  for (const path of spec.record) {
    const [source, field] = path.split('.', 2);
    const from = sources[source];
    if (field && isObject(from) && from[field] !== undefined) metadata[field] = from[field];
  }
  return metadata;
}
