import type { Database } from '@herald/db';
import { SecretBox, generateApiKey, generateSigningSecret } from '@herald/secrets';
import { auditUserAction } from '../audit/user-action.audit';
import { DEFAULT_TOKEN_LIFETIMES, startSession, type TokenLifetimes } from '../auth/session-tokens';
import { allProjectScopes } from '../api-keys/scopes';
import { projectsRepositories } from './projects.repositories';

export interface BootstrapInput {
  name: string;
  email: string;
  /** Defaults to every project-plane scope. */
  scopes?: string[];
}

export interface BootstrapResult {
  organization_id: string;
  project_id: string;
  user_id: string;
  api_key: string;
  api_key_id: string;
  scopes: string[];
  webhook_signing_secret: string;
  /** A bearer for the owner user (a new session on every run), and its refresh token. */
  access_token: string;
  refresh_token: string;
}

/**
 * Creates, or reuses when run again with the same name and owner address, an organization with
 * an owner and a project, and issues a new project API key and a new session for the owner. The signing secret
 * is generated once per project. The owner is the user with that address (one user per
 * address, who may belong to other organizations too).
 */
export async function bootstrap(
  db: Database,
  box: SecretBox,
  input: BootstrapInput,
  lifetimes: TokenLifetimes = DEFAULT_TOKEN_LIFETIMES,
): Promise<BootstrapResult> {
  return db.transaction(async (tx) => {
    const repos = projectsRepositories(tx);
    const { tenants, users } = repos;
    const { user } = await users.upsertByEmail(input.email);
    const organizationId = await tenants.upsertOrganizationOf(user.id, input.name);
    await users.putMembership(organizationId, user.id, 'owner');
    const project = await tenants.upsertProject(organizationId, 'default', box.seal(generateSigningSecret()));
    const key = generateApiKey();
    const scopes = input.scopes ?? [...allProjectScopes()];
    const apiKeyId = await tenants.insertApiKey(project.id, 'bootstrap', key.hash, key.displayPrefix, scopes);
    // Key actions are audited with the change: no API key acted here, so the actor is null.
    await repos.auditLog.insert({
      projectId: project.id,
      action: 'api_key.created',
      actorApiKeyId: null,
      metadata: { target_id: apiKeyId, name: 'bootstrap', scopes, via: 'cli bootstrap' },
    });
    const { sessionId, tokens } = await startSession(tx, user, lifetimes);
    await auditUserAction(tx, 'auth.signed_in', user.id, {
      method: 'cli_bootstrap',
      session_id: sessionId,
      organization_id: organizationId,
    });
    return {
      organization_id: organizationId,
      project_id: project.id,
      user_id: user.id,
      api_key: key.plaintext,
      api_key_id: apiKeyId,
      scopes,
      webhook_signing_secret: box.open(project.sealedSecret),
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
    };
  });
}
