import type { SecretBox } from '@herald/secrets';

interface Entry {
  sealed: string;
  secret: string;
  expiresAt: number;
}

/** Bounds memory if a worker serves very many projects; a cleared cache only costs re-opening. */
const MAX_ENTRIES = 10_000;

/**
 * Opened signing secrets by project. The sealed value comes with every status read anyway, so
 * an entry is reused only while it still matches it: a rotated secret applies at once, and the
 * AES-GCM open happens about once a minute per project instead of once per delivery.
 */
export class SigningSecretCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly box: SecretBox,
    private readonly ttlMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  open(projectId: string, sealed: string): string {
    const hit = this.entries.get(projectId);
    if (hit && hit.sealed === sealed && hit.expiresAt > this.now()) return hit.secret;
    const secret = this.box.open(sealed);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(projectId, { sealed, secret, expiresAt: this.now() + this.ttlMs });
    return secret;
  }
}
