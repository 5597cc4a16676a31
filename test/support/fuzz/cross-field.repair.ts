/**
 * Rules a JSON Schema cannot state (openapi.yaml says them in descriptions). Values generated
 * from the schema alone almost never satisfy them, so almost every request would stop at the
 * same 422; a repair, applied to most generated objects, lets the rest reach the use cases.
 */
export interface Repair {
  /** Applies to objects whose schema declares all of these properties. */
  when: string[];
  fix(value: Record<string, unknown>, fill: (key: string) => unknown): Record<string, unknown>;
}

const ADDRESS_BY_CHANNEL: Record<string, string> = { email: 'email', sms: 'phone', webhook: 'webhook_url' };

export const REPAIRS: Repair[] = [
  {
    // Recipient: "`email` required when `channels` includes email", and so on.
    when: ['channels', 'email', 'phone', 'webhook_url'],
    fix(value, fill) {
      const out = { ...value };
      for (const channel of Array.isArray(value.channels) ? value.channels : []) {
        const key = ADDRESS_BY_CHANNEL[String(channel)];
        if (key && out[key] === undefined) out[key] = fill(key);
      }
      return out;
    },
  },
  {
    // EventCreate, ScheduledEventCreate: "exactly one of template_id, template_name, inline".
    when: ['template_id', 'template_name', 'inline'],
    fix(value, fill) {
      const present = ['template_id', 'template_name', 'inline'].filter((key) => value[key] !== undefined);
      const keep = present[0] ?? 'template_name';
      const out = { ...value, [keep]: value[keep] ?? fill(keep) };
      for (const key of present.slice(1)) delete out[key];
      return out;
    },
  },
];
