import type { SecretBox } from '@herald/secrets';
import { WebhookSigningKey } from '@herald/webhook-verify';

interface Entry {
  sealed: string;
  key: WebhookSigningKey;
  expiresAt: number;
}

/** Bounds memory if a worker serves very many projects; a cleared cache only costs re-opening. */
const MAX_ENTRIES = 10_000;

/** A project's secrets to sign with: the current one, and during a rotation's grace period the one it replaced. */
export interface SigningSecrets {
  current: WebhookSigningKey;
  previous?: WebhookSigningKey;
}

/**
 * Opened signing secrets by project. The sealed values come with every status read, or for a
 * first attempt sent from its message from the worker's SigningSecretsSource (kept current by the
 * `projects` trigger); the previous one only while its grace period lasts. An entry is reused only
 * while it still matches them: a rotation applies at once, and the AES-GCM open and the making of
 * the HMAC keys happen about once a minute per project and secret instead of once per delivery.
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

  private openOne(slot: string, sealed: string): WebhookSigningKey {
    const hit = this.entries.get(slot);
    if (hit && hit.sealed === sealed && hit.expiresAt > this.now()) return hit.key;
    const key = new WebhookSigningKey(this.box.open(sealed));
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(slot, { sealed, key, expiresAt: this.now() + this.ttlMs });
    return key;
  }
}
