import type { Database } from '@herald/db';
import { AppError, ValidationFailed } from '@herald/errors';
import type { TargetSession } from '@herald/net-guard';
import { generateSigningSecret, type SecretBox } from '@herald/secrets';
import { found } from '../shared/found';
import type { Page, PageRequest } from '../shared/paging';
import type { RepositoryFactory } from '../shared/repositories';
import { refuseUnstorableText } from '../shared/storable-text.rule';
import type { ConsumersRepositories } from './consumers.repositories';
import type { EndpointFields, EndpointView } from './endpoint.repository';
import { endpointUrlIssues } from './endpoint-url.rule';

/** openapi.yaml's limit: endpoints per consumer. */
export const MAX_ENDPOINTS_PER_CONSUMER = 20;

export interface EndpointInput extends EndpointFields {
  enabled?: boolean;
}

const what = (id: string) => `endpoint ${id}`;

/**
 * A consumer's endpoints. Each has its own signing secret (`whsec_` + standard base64), sealed
 * with the project secrets' SecretBox and shown only at creation and rotation.
 */
export class EndpointsService {
  private readonly repos: ConsumersRepositories;

  constructor(
    private readonly db: Database,
    private readonly repositories: RepositoryFactory<ConsumersRepositories>,
    private readonly box: SecretBox,
    /** A fresh DNS session per call: the SSRF rules of `webhook_url`. */
    private readonly targets: () => TargetSession,
  ) {
    this.repos = repositories(db);
  }

  async create(projectId: string, uid: string, input: EndpointInput & { url: string }): Promise<EndpointView & { signing_secret: string }> {
    refuseUnstorableText(input, ['body']);
    await this.checkUrl(input.url);
    const secret = generateSigningSecret();
    const fields = {
      url: input.url,
      description: input.description ?? null,
      event_types: [...new Set(input.event_types ?? [])],
      rate_limit_per_second: input.rate_limit_per_second ?? null,
      enabled: input.enabled ?? true,
    };
    const view = await this.db.transaction(async (tx) => {
      const { consumers, endpoints } = this.repositories(tx);
      const consumer = found(await consumers.lock(projectId, uid), `consumer ${JSON.stringify(uid)}`);
      if ((await endpoints.count(consumer.id)) >= MAX_ENDPOINTS_PER_CONSUMER)
        throw new AppError('conflict', `a consumer has at most ${MAX_ENDPOINTS_PER_CONSUMER} endpoints`);
      return endpoints.insert(projectId, consumer.id, fields, this.box.seal(secret));
    });
    return { ...view, signing_secret: secret };
  }

  async get(projectId: string, uid: string, id: string): Promise<EndpointView> {
    return found(await this.repos.endpoints.find(projectId, uid, id), what(id));
  }

  async list(projectId: string, uid: string, page: PageRequest): Promise<Page<EndpointView>> {
    found(await this.repos.consumers.find(projectId, uid), `consumer ${JSON.stringify(uid)}`);
    return this.repos.endpoints.list(projectId, uid, page);
  }

  async update(projectId: string, uid: string, id: string, input: EndpointFields): Promise<EndpointView> {
    refuseUnstorableText(input, ['body']);
    if (input.url !== undefined) await this.checkUrl(input.url);
    const changes = { ...input, event_types: input.event_types && [...new Set(input.event_types)] };
    return found(await this.repos.endpoints.update(projectId, uid, id, changes), what(id));
  }

  async remove(projectId: string, uid: string, id: string): Promise<void> {
    if (!(await this.repos.endpoints.delete(projectId, uid, id))) throw new AppError('not_found', `${what(id)} not found`);
  }

  async rotateSecret(
    projectId: string,
    uid: string,
    id: string,
    graceSeconds: number,
  ): Promise<{ signing_secret: string; previous_expires_at: Date }> {
    const secret = generateSigningSecret();
    const previous = await this.repos.endpoints.rotateSecret(projectId, uid, id, this.box.seal(secret), graceSeconds);
    return { signing_secret: secret, previous_expires_at: found(previous, what(id)) };
  }

  async setEnabled(projectId: string, uid: string, id: string, enabled: boolean, reason?: string): Promise<EndpointView> {
    const disabledReason = enabled ? null : reason?.trim() || 'disabled through the API';
    return found(await this.repos.endpoints.setDisabled(projectId, uid, id, disabledReason), what(id));
  }

  async deliveries(projectId: string, uid: string, id: string, status: string | undefined, page: PageRequest) {
    const endpoint = await this.get(projectId, uid, id);
    return this.repos.endpoints.deliveries(projectId, endpoint.id, status, page);
  }

  /** A notification that is not this endpoint's is a 404, as an unknown one. */
  async delivery(projectId: string, uid: string, id: string, notificationId: string): Promise<Record<string, unknown>> {
    const endpoint = await this.get(projectId, uid, id);
    return found(await this.repos.endpoints.delivery(projectId, endpoint.id, notificationId), `delivery ${notificationId}`);
  }

  private async checkUrl(url: string): Promise<void> {
    const issues = await endpointUrlIssues(url, this.targets());
    if (issues.length) throw new ValidationFailed(issues);
  }
}
