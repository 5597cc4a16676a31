import type { ValidateFunction } from 'ajv';
import type { Queryable } from '@herald/db';
import type { ValidationIssue } from '@herald/errors';
import { compilePayloadSchema, payloadSchemaIssues } from './payload-schema';

type Loc = Array<string | number>;

/** What intake asks of the project's catalogue: event type schemas and consumer uids. */
export interface EventCatalogue {
  /** None when the event type is not catalogued or has no schema. */
  payloadIssues(projectId: string, eventType: string, payload: unknown, at: Loc): Promise<ValidationIssue[]>;
  /** The uids among `uids` that are no consumer of the project. */
  missingConsumers(projectId: string, uids: string[]): Promise<string[]>;
  /** This process changed the type: forget it at once (other processes within `ttlMs`). */
  forget(projectId: string, eventType: string): void;
  /** This process deleted the consumer: forget it at once (other processes within `ttlMs`). */
  forgetConsumer(projectId: string, uid: string): void;
}

interface Entry {
  validate: ValidateFunction | null;
  until: number;
}

/** Bounds memory if the process serves very many projects; a cleared cache only costs reads. */
const MAX_ENTRIES = 10_000;

/**
 * The catalogue read from PostgreSQL, with compiled schemas cached per project and type for
 * `ttlMs` (a miss, "no schema", is cached too): publishing an event must not cost a query and a
 * compile each time. The api that changes a type forgets it at once; another api process applies
 * the change within `ttlMs` (docs/consumers.md says so). Consumers that exist are cached the same
 * way, so an event naming one costs no query; one that does not is asked for every time, so a
 * consumer created on another api process can be named at once.
 */
export class CachedEventCatalogue implements EventCatalogue {
  private readonly entries = new Map<string, Entry>();
  /** Existing consumers, by `project/uid`: until when to trust that they exist. */
  private readonly consumers = new Map<string, number>();

  constructor(
    private readonly db: Queryable,
    private readonly ttlMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  async payloadIssues(projectId: string, eventType: string, payload: unknown, at: Loc): Promise<ValidationIssue[]> {
    const validate = await this.validatorOf(projectId, eventType);
    return validate ? payloadSchemaIssues(validate, payload, at) : [];
  }

  async missingConsumers(projectId: string, uids: string[]): Promise<string[]> {
    const now = this.now();
    const unsure = [...new Set(uids)].filter((uid) => !((this.consumers.get(`${projectId}/${uid}`) ?? 0) > now));
    if (!unsure.length) return [];
    const { rows } = await this.db.query<{ uid: string }>('SELECT uid FROM consumers WHERE project_id = $1 AND uid = ANY($2::text[])', [
      projectId,
      unsure,
    ]);
    if (this.consumers.size + rows.length > MAX_ENTRIES) this.consumers.clear();
    for (const r of rows) this.consumers.set(`${projectId}/${r.uid}`, now + this.ttlMs);
    const known = new Set(rows.map((r) => r.uid));
    return unsure.filter((uid) => !known.has(uid));
  }

  forget(projectId: string, eventType: string): void {
    this.entries.delete(`${projectId}/${eventType}`);
  }

  forgetConsumer(projectId: string, uid: string): void {
    this.consumers.delete(`${projectId}/${uid}`);
  }

  private async validatorOf(projectId: string, eventType: string): Promise<ValidateFunction | null> {
    const key = `${projectId}/${eventType}`;
    const hit = this.entries.get(key);
    if (hit && hit.until > this.now()) return hit.validate;
    const { rows } = await this.db.query<{ schema: unknown }>(
      'SELECT schema FROM event_types WHERE project_id = $1 AND name = $2 AND schema IS NOT NULL',
      [projectId, eventType],
    );
    // Stored schemas were compiled when they were saved; one that no longer compiles checks nothing.
    const validate = rows[0] ? (compilePayloadSchema(rows[0].schema, []).validate ?? null) : null;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { validate, until: this.now() + this.ttlMs });
    return validate;
  }
}
