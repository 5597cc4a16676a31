import fc from 'fast-check';
import { REPAIRS } from './cross-field.repair';
import type { Schema } from './openapi-operations';

/**
 * What the generator may use besides the schema: ids that exist (this project's and another
 * project's), template names, and the only URLs it may put in a request. URLs come from this
 * list alone, so no generated request makes the api or a worker reach past loopback or `.invalid`.
 */
export interface FuzzWorld {
  ids: string[];
  templateNames: string[];
  urls: string[];
  /** Values for a path parameter (or a uuid query filter), by its name, that name rows of the world (the control and admin planes' ids). */
  idsByName?: Record<string, string[]>;
}

/** Sizes of generated values stay small; the mutations make the big ones on purpose. */
const MAX_STRING = 40;
const MAX_EXTRA_ITEMS = 3;

const HTTP_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://';
const E164_PATTERN = '^\\+[1-9][0-9]{1,14}$';

/** Text with the characters that break naive code: NUL, lone surrogates, RTL marks, emoji, quotes. */
export const nastyString = (maxLength = MAX_STRING): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength }) },
    { weight: 1, arbitrary: fc.string({ maxLength, unit: 'binary' }) },
    {
      weight: 1,
      arbitrary: fc.string({ maxLength, unit: fc.constantFrom('\u0000', '\ud800', '\u202e', '😀', "'", '"', '\\', '%', '{{', '}}') }),
    },
  );

const emailAddress = fc
  .tuple(fc.stringMatching(/^[a-z0-9._+-]{1,20}$/), fc.constantFrom('fuzz.invalid', 'mail.fuzz.invalid', 'EXAMPLE.invalid'))
  .map(([local, domain]) => `${local}@${domain}`);

const dateTime = fc
  .date({ min: new Date(Date.now() - 366 * 86400_000), max: new Date(Date.now() + 366 * 86400_000), noInvalidDate: true })
  .map((d) => d.toISOString());

function stringArbitrary(schema: Schema, world: FuzzWorld, name?: string): fc.Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? MAX_STRING, MAX_STRING);
  const min = schema.minLength ?? 0;
  if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...world.ids), fc.uuid());
  if (schema.format === 'email') return emailAddress;
  if (schema.format === 'date-time') return dateTime;
  if (schema.pattern === HTTP_URL_PATTERN) return fc.constantFrom(...world.urls);
  if (schema.pattern === E164_PATTERN) return fc.stringMatching(/^\+[1-9][0-9]{1,14}$/);
  if (name === 'template_name' && world.templateNames.length > 0)
    return fc.oneof(fc.constantFrom(...world.templateNames), fc.string({ minLength: 1, maxLength: max }));
  if (schema.pattern) return patterned(schema.pattern, min, max);
  return nastyString(max).filter((s) => s.length >= min);
}

/**
 * A string matching the pattern, cut to the length limits (and kept non-empty when asked); one in
 * three carries nasty characters too wherever the pattern still allows them (a name that must hold
 * a non-space may hold a NUL beside it).
 */
function patterned(pattern: string, min: number, max: number): fc.Arbitrary<string> {
  const regex = new RegExp(pattern);
  const plain = fc
    .stringMatching(regex)
    .map((s) => s.slice(0, max))
    .filter((s) => s.length >= min);
  const nasty = fc.tuple(plain, nastyString(max)).map(([value, extra]) => {
    const both = (value + extra).slice(0, max);
    return both.length >= min && regex.test(both) ? both : value;
  });
  return fc.oneof({ weight: 2, arbitrary: plain }, { weight: 1, arbitrary: nasty });
}

function objectArbitrary(schema: Schema, world: FuzzWorld): fc.Arbitrary<unknown> {
  const properties = schema.properties;
  if (!properties) {
    // A free-form object (payload, metadata): any small JSON object.
    return fc.dictionary(nastyString(12), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 });
  }
  const shape = Object.fromEntries(Object.entries(properties).map(([key, sub]) => [key, arbitraryFor(sub, world, key)]));
  const record = fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in shape) }) as fc.Arbitrary<
    Record<string, unknown>
  >;
  const repairs = REPAIRS.filter((r) => r.when.every((key) => key in shape));
  if (repairs.length === 0) return record;
  // Each missing field a repair adds is drawn from its own schema; one in five objects stays unrepaired.
  const fills = fc.record(shape) as fc.Arbitrary<Record<string, unknown>>;
  return fc
    .tuple(record, fills, fc.nat(4))
    .map(([value, fill, dice]) => (dice === 0 ? value : repairs.reduce((v, r) => r.fix(v, (key) => fill[key]), value)));
}

function arrayArbitrary(schema: Schema, world: FuzzWorld): fc.Arbitrary<unknown[]> {
  const item = arbitraryFor(schema.items ?? {}, world);
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.min(schema.maxItems ?? minLength + MAX_EXTRA_ITEMS, minLength + MAX_EXTRA_ITEMS);
  if (schema.uniqueItems) return fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) });
  return fc.array(item, { minLength, maxLength });
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (integer ? -1000 : -1e6);
  const max = schema.maximum ?? min + (integer ? 1_000_000 : 1e6);
  return integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
}

/**
 * Values the schema allows (as far as a schema can say: cross-field rules such as "exactly one
 * of template_id, template_name, inline" hold only by chance, which is also worth sending).
 */
export function arbitraryFor(schema: Schema, world: FuzzWorld, name?: string): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => arbitraryFor(s, world, name)));
  if (schema.allOf) return arbitraryFor(Object.assign({}, ...schema.allOf) as Schema, world, name);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => (type === 'null' ? fc.constant(null) : arbitraryFor({ ...schema, type }, world, name))));
  }
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema, world, name);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return arrayArbitrary(schema, world);
    case 'object':
      return objectArbitrary(schema, world);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
