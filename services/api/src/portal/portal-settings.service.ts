import { ValidationFailed, type ValidationIssue } from '@herald/errors';
import type { PortalSettings, PortalSettingsRepository } from './portal-settings.repository';

/**
 * Exactly an origin (scheme http or https, host, optional port), as CSP `frame-ancestors` takes
 * it: anything more (a path, query, fragment, user info, a wildcard, a trailing slash, upper case) is refused
 * rather than trimmed, so what is stored is what the header says.
 */
function originIssue(value: string, index: number): ValidationIssue | undefined {
  const issue: ValidationIssue = {
    loc: ['body', 'allowed_origins', index],
    msg: 'must be an origin: http or https, a host and an optional port, nothing else (e.g. https://app.example.com)',
    type: 'value_error',
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return issue;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return issue;
  // A DNS name or an IP address: no CSP wildcard (`*.example.com`), which would let every subdomain frame it.
  if (!/^(?:[A-Za-z0-9-]+\.)*[A-Za-z0-9-]+$|^\[[0-9A-Fa-f:.]+\]$/.test(url.hostname)) return issue;
  return url.origin === value ? undefined : issue;
}

/** The project's portal settings: the origins that may frame the portal page, and its theme. */
export class PortalSettingsService {
  constructor(private readonly repo: PortalSettingsRepository) {}

  get(projectId: string): Promise<PortalSettings> {
    return this.repo.get(projectId);
  }

  async put(projectId: string, settings: PortalSettings): Promise<PortalSettings> {
    const issues = settings.allowed_origins.flatMap((o, i) => originIssue(o, i) ?? []);
    if (issues.length) throw new ValidationFailed(issues);
    return this.repo.put(projectId, settings);
  }
}
