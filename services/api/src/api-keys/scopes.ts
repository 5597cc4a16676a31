import { documentedEnum } from '../http/openapi-operations';

/** Every project-plane scope, as openapi.yaml's ApiKeyScopes lists them: what `herald bootstrap` grants its key. */
export function allProjectScopes(): readonly string[] {
  return documentedEnum('ApiKeyScopes');
}
