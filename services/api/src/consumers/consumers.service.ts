import { hasPgCode, PgError } from '@herald/db';
import { AppError, ValidationFailed } from '@herald/errors';
import { jsonBytes, type EventCatalogue } from '@herald/intake';
import { found } from '../shared/found';
import { refuseUnstorableText } from '../shared/storable-text.rule';
import type { ConsumerRepository, ConsumerRow } from './consumer.repository';

/** openapi.yaml's limit on a consumer's metadata, serialised (its 50 keys are the schema's). */
export const MAX_METADATA_BYTES = 4096;

export interface ConsumerInput {
  uid?: string;
  name?: string;
  metadata?: Record<string, unknown>;
}

function checkMetadata(metadata: Record<string, unknown> | undefined): void {
  const bytes = jsonBytes(metadata ?? {});
  if (bytes > MAX_METADATA_BYTES)
    throw new ValidationFailed([
      { loc: ['body', 'metadata'], msg: `metadata is ${bytes} bytes; at most ${MAX_METADATA_BYTES} are allowed`, type: 'value_error' },
    ]);
}

/** A project's consumers: the parties that receive its webhooks, named by the project's own uid. */
export class ConsumersService {
  constructor(
    private readonly consumers: ConsumerRepository,
    /** Intake's cache of existing consumers: a deleted one is no longer accepted by this process at once. */
    private readonly catalogue: Pick<EventCatalogue, 'forgetConsumer'>,
  ) {}

  async create(projectId: string, input: Required<Pick<ConsumerInput, 'uid' | 'name'>> & ConsumerInput): Promise<ConsumerRow> {
    refuseUnstorableText(input, ['body']);
    checkMetadata(input.metadata);
    return this.consumers.insert(projectId, { uid: input.uid, name: input.name.trim(), metadata: input.metadata ?? {} }).catch((err) => {
      if (hasPgCode(err, PgError.uniqueViolation))
        throw new AppError('conflict', `a consumer with uid ${JSON.stringify(input.uid)} exists`);
      throw err;
    });
  }

  async get(projectId: string, uid: string): Promise<ConsumerRow> {
    return found(await this.consumers.find(projectId, uid), `consumer ${JSON.stringify(uid)}`);
  }

  async update(projectId: string, uid: string, input: ConsumerInput): Promise<ConsumerRow> {
    refuseUnstorableText(input, ['body']);
    checkMetadata(input.metadata);
    return found(
      await this.consumers.update(projectId, uid, { name: input.name?.trim(), metadata: input.metadata }),
      `consumer ${JSON.stringify(uid)}`,
    );
  }

  async remove(projectId: string, uid: string): Promise<void> {
    const deleted = await this.consumers.delete(projectId, uid);
    this.catalogue.forgetConsumer(projectId, uid);
    if (!deleted) throw new AppError('not_found', `consumer ${JSON.stringify(uid)} not found`);
  }
}
