import type { SecretBox } from '@herald/secrets';

interface Entry {
  sealed: string;
  secret: string;
  expiresAt: number;
}

/** Bounds memory if a worker serves very many projects; a cleared cache only costs re-opening. */
const MAX_ENTRIES = 10_000;

/** A project's secrets to sign with: the current one, and during a rotation's grace period the one it replaced. */
export interface SigningSecrets {
  current: string;
  previous?: string;
}

/**
 * Opened signing secrets by project. The sealed values come with every status read, or for a
 * first attempt sent from its message from the worker's SigningSecretsSource (kept current by the
 * `projects` trigger); the previous one only while its grace period lasts. An entry is reused only
 * while it still matches them: a rotation applies at once, and the AES-GCM open happens about once
 * a minute per project and secret instead of once per delivery.
 */
export class SigningSecretCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly box: SecretBox,
    private readonly ttlMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** `ownerId`: the project, or the consumer endpoint whose secrets these are. */
  open(ownerId: string, sealed: string, previousSealed: string | null = null): SigningSecrets {
    const current = this.openOne(`${ownerId}/current`, sealed);
    if (previousSealed === null) return { current };
    return { current, previous: this.openOne(`${ownerId}/previous`, previousSealed) };
  }

  private openOne(key: string, sealed: string): string {
    const hit = this.entries.get(key);
    if (hit && hit.sealed === sealed && hit.expiresAt > this.now()) return hit.secret;
    const secret = this.box.open(sealed);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { sealed, secret, expiresAt: this.now() + this.ttlMs });
    return secret;
  }
}
