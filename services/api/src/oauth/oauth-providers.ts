import type { OAuthProviderSettings } from '@herald/config';
import { GitHubProvider } from './github.provider';
import type { OAuthProvider } from './oauth-provider';
import { OidcProvider } from './oidc.provider';

/** Herald's redirect URI at the provider, as registered there. */
export function callbackUrlOf(publicUrl: string, provider: string): string {
  return `${publicUrl}/api/v1/oauth/${provider}/callback`;
}

/** The enabled providers by name; an unknown or unconfigured name is simply absent. */
export class OAuthProviders {
  private readonly byName = new Map<string, OAuthProvider>();

  constructor(settings: OAuthProviderSettings[], publicUrl: string) {
    for (const s of settings) {
      const redirectUri = callbackUrlOf(publicUrl, s.name);
      this.byName.set(s.name, s.kind === 'github' ? new GitHubProvider(s, redirectUri) : new OidcProvider(s, redirectUri));
    }
  }

  names(): string[] {
    return [...this.byName.keys()].sort();
  }

  get(name: string): OAuthProvider | undefined {
    return this.byName.get(name);
  }
}
