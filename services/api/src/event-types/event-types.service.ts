import { hasPgCode, PgError } from '@herald/db';
import { AppError, ValidationFailed, type ValidationIssue } from '@herald/errors';
import { compilePayloadSchema, jsonBytes, payloadSchemaIssues, type EventCatalogue } from '@herald/intake';
import { found } from '../shared/found';
import { refuseUnstorableText } from '../shared/storable-text.rule';
import type { EventTypeFields, EventTypeRepository, EventTypeRow } from './event-type.repository';

/** An example is documentation for consumers: bounded as a schema is (openapi.yaml says 64 KiB). */
export const MAX_EXAMPLE_BYTES = 65_536;

/**
 * The catalogue's use cases. A schema is compiled before it is stored (a schema Ajv refuses is a
 * 422, never a 500 at publish time), and an example must match the schema it is stored with.
 * Every change makes this process's intake forget the type at once.
 */
export class EventTypesService {
  constructor(
    private readonly eventTypes: EventTypeRepository,
    private readonly catalogue: EventCatalogue,
  ) {}

  async create(projectId: string, input: EventTypeFields & { name: string }): Promise<EventTypeRow> {
    refuseUnstorableText(input, ['body']);
    checkFields(input, input);
    const row = await this.eventTypes.insert(projectId, input.name, input).catch((err: unknown) => {
      if (hasPgCode(err, PgError.uniqueViolation))
        throw new AppError('conflict', `an event type named ${JSON.stringify(input.name)} already exists`);
      throw err;
    });
    this.catalogue.forget(projectId, input.name);
    return row;
  }

  async get(projectId: string, name: string): Promise<EventTypeRow> {
    return found(await this.eventTypes.find(projectId, name), `event type ${JSON.stringify(name)}`);
  }

  /** The example is checked against the schema the type will have after the change. */
  async update(projectId: string, name: string, input: EventTypeFields): Promise<EventTypeRow> {
    refuseUnstorableText(input, ['body']);
    const current = await this.get(projectId, name);
    const after = {
      schema: input.schema === undefined ? current.schema : input.schema,
      example: input.example === undefined ? current.example : input.example,
    };
    checkFields(input, after);
    const row = found(await this.eventTypes.update(projectId, name, input), `event type ${JSON.stringify(name)}`);
    this.catalogue.forget(projectId, name);
    return row;
  }

  async remove(projectId: string, name: string): Promise<void> {
    if (!(await this.eventTypes.delete(projectId, name))) throw new AppError('not_found', `event type ${JSON.stringify(name)} not found`);
    this.catalogue.forget(projectId, name);
  }
}

function checkFields(given: EventTypeFields, after: { schema?: unknown; example?: unknown }): void {
  const issues: ValidationIssue[] = [];
  const compiled = after.schema === undefined || after.schema === null ? undefined : compilePayloadSchema(after.schema, ['body', 'schema']);
  if (compiled && given.schema !== undefined) issues.push(...compiled.issues);
  if (after.example !== undefined && after.example !== null) {
    const bytes = jsonBytes(after.example);
    if (bytes > MAX_EXAMPLE_BYTES)
      issues.push({
        loc: ['body', 'example'],
        msg: `example is ${bytes} bytes; at most ${MAX_EXAMPLE_BYTES} are allowed`,
        type: 'value_error',
      });
    else if (compiled?.validate)
      issues.push(
        ...payloadSchemaIssues(compiled.validate, after.example, ['body', 'example']).map((i) => ({
          ...i,
          msg: i.msg.replace('payload does not match', 'example does not match'),
        })),
      );
  }
  if (issues.length) throw new ValidationFailed(issues);
}
