import fc from 'fast-check';
import { nastyString } from './schema.arbitrary';

/**
 * One change to a valid JSON document, at the `pick`-th place that can take it (modulo the
 * number of such places), so fast-check can shrink a failing request to a small one.
 */
export type Mutation =
  | { kind: 'wrong-type'; pick: number; replacement: unknown }
  | { kind: 'drop-field'; pick: number }
  | { kind: 'extra-field'; pick: number; key: string; value: unknown }
  | { kind: 'null'; pick: number }
  | { kind: 'long-string'; pick: number; length: number }
  | { kind: 'big-array'; pick: number; count: number }
  | { kind: 'deep-nesting'; pick: number; depth: number; open: '[' | '{"a":' };

type Path = Array<string | number>;
const NESTING_MARK = '__fuzz_deep_nesting__';

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('wrong-type' as const),
    pick: fc.nat(),
    replacement: fc.oneof(fc.jsonValue({ maxDepth: 1 }), fc.constantFrom(1e21, -1, 0, 1.5, '', true, [], {})),
  }),
  fc.record({ kind: fc.constant('drop-field' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('extra-field' as const),
    pick: fc.nat(),
    key: fc.oneof(nastyString(20), fc.constantFrom('__proto__', 'constructor', 'id', 'project_id')),
    value: fc.jsonValue({ maxDepth: 1 }),
  }),
  fc.record({ kind: fc.constant('null' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('long-string' as const), pick: fc.nat(), length: fc.constantFrom(300, 5000, 70_000, 300_000, 1_100_000) }),
  fc.record({ kind: fc.constant('big-array' as const), pick: fc.nat(), count: fc.constantFrom(60, 1001, 20_000) }),
  fc.record({
    kind: fc.constant('deep-nesting' as const),
    pick: fc.nat(),
    depth: fc.constantFrom(64, 1000, 5000, 25_000),
    open: fc.constantFrom('[' as const, '{"a":' as const),
  }),
);

function paths(value: unknown, at: Path = []): Path[] {
  const here = [at];
  if (Array.isArray(value)) return here.concat(...value.map((v, i) => paths(v, [...at, i])));
  if (value !== null && typeof value === 'object') return here.concat(...Object.entries(value).map(([k, v]) => paths(v, [...at, k])));
  return here;
}

function get(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], value);
}

/** Returns a copy with the value at `path` replaced (or removed, for `undefined`). */
function set(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  if (rest.length === 0 && replacement === undefined) {
    if (Array.isArray(copy)) copy.splice(Number(head), 1);
    else delete copy[head];
  } else {
    Object.defineProperty(copy, head, { value: set(copy[head], rest, replacement), enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

const pickFrom = <T>(items: T[], pick: number): T | undefined => (items.length === 0 ? undefined : items[pick % items.length]);

/** The mutated document as JSON text (deep nesting is spliced in as text: too deep for JSON.stringify). */
export function applyMutation(value: unknown, m: Mutation): string {
  const all = paths(value);
  const target = pickFrom(all, m.pick) ?? [];
  switch (m.kind) {
    case 'wrong-type':
      return JSON.stringify(set(value, target, m.replacement));
    case 'drop-field': {
      const members = all.filter((p) => p.length > 0 && typeof p[p.length - 1] === 'string');
      const victim = pickFrom(members, m.pick);
      return JSON.stringify(victim ? set(value, victim, undefined) : {});
    }
    case 'extra-field': {
      const objects = all.filter((p) => {
        const v = get(value, p);
        return v !== null && typeof v === 'object' && !Array.isArray(v);
      });
      const host = pickFrom(objects, m.pick) ?? [];
      return JSON.stringify(set(value, [...host, m.key], m.value));
    }
    case 'null':
      return JSON.stringify(set(value, target, null));
    case 'long-string':
      return JSON.stringify(set(value, target, 'x'.repeat(m.length)));
    case 'big-array':
      return JSON.stringify(
        set(
          value,
          target,
          Array.from({ length: m.count }, () => get(value, target) ?? 1),
        ),
      );
    case 'deep-nesting': {
      const close = m.open === '[' ? ']' : '}';
      const nested = m.open.repeat(m.depth) + '1' + close.repeat(m.depth);
      return JSON.stringify(set(value, target, NESTING_MARK)).replace(`"${NESTING_MARK}"`, nested);
    }
  }
}
