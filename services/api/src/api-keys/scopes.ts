import { documentedEnum } from '../http/openapi-operations';

let allScopes: readonly string[] | undefined;

/** Every project-plane scope, as openapi.yaml's ApiKeyScopes lists them: what `herald bootstrap` grants its key. */
export function allProjectScopes(): readonly string[] {
  allScopes ??= documentedEnum('ApiKeyScopes');
  return allScopes;
}
