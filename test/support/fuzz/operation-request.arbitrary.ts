import fc from 'fast-check';
import { applyMutation, mutationArbitrary } from './json-mutation';
import type { Operation, Parameter } from './openapi-operations';
import type { Principal } from './plane-world';
import { arbitraryFor, nastyString, type FuzzWorld } from './schema.arbitrary';

/** A project API key, a principal's bearer, nothing, or an unknown key or token of the kind the operation takes. */
export type Credential = 'key' | Principal | 'none' | 'bad';

/** The credentials a caller really holds (anything else must be answered 401 first). */
export const isValidCredential = (c: Credential) => c !== 'none' && c !== 'bad';

/** One HTTP request, ready to send and to print as a reproducer. */
export interface FuzzRequest {
  method: Operation['method'];
  /** Path and query string, relative to /api/v1, already encoded. */
  url: string;
  credential: Credential;
  body?: { contentType: string; text: string };
}

/** URLs carry UTF-8: a lone surrogate cannot be percent-encoded, so it goes as U+FFFD. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const encode = (value: unknown) => encodeURIComponent(String(value).replace(LONE_SURROGATE, '\ufffd'));

/** Query values that are not what the schema asks for: out of range, not numbers, too long, empty. */
const hostileQueryValue = fc.oneof(
  fc.constantFrom(
    '1e21',
    '-1',
    '0',
    '1.5',
    'NaN',
    'Infinity',
    '9007199254740993',
    '2147483648',
    '',
    'null',
    'true',
    '[]',
    '%00',
    '1 OR 1=1',
  ),
  fc.constantFrom(2000, 70_000).map((n) => 'a'.repeat(n)),
  nastyString(30),
);

const garbagePathSegment = fc.oneof(
  fc.constantFrom('not-a-uuid', '00000000-0000-0000-0000-000000000000', '..', '%2e%2e', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', '%00', ' '),
  fc.constantFrom(300, 9000).map((n) => 'x'.repeat(n)),
  nastyString(40)
    .filter((s) => s.length > 0)
    .map(encode),
);

function pathValue(param: Parameter, world: FuzzWorld): fc.Arbitrary<string> {
  const generated = arbitraryFor(param.schema, world, param.name).map((v) => encode(v));
  const named = world.idsByName?.[param.name];
  // Where the world has rows this parameter names, most requests name one, so they reach the use case.
  const valid = named
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...named).map(encode) }, { weight: 1, arbitrary: generated })
    : generated;
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: garbagePathSegment });
}

function queryValue(param: Parameter, world: FuzzWorld): fc.Arbitrary<string | undefined> {
  const generated = arbitraryFor(param.schema, world, param.name).map((v) => String(v));
  // A filter by id (project_id, organization_id) mostly names one of the world's rows, or it only ever finds nothing.
  const named = param.schema.format === 'uuid' ? world.idsByName?.[param.name] : undefined;
  const valid = named ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...named) }, { weight: 1, arbitrary: generated }) : generated;
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: valid },
    { weight: 1, arbitrary: hostileQueryValue },
  );
}

/** Query string: each documented parameter maybe, sometimes repeated, sometimes an unknown one. */
function queryString(op: Operation, world: FuzzWorld): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === 'query');
  const values = fc.tuple(...params.map((p) => queryValue(p, world)));
  const odd = fc.oneof(
    fc.constant('unknown_param=1'),
    params.length ? fc.constantFrom(...params.map((p) => `${p.name}=1&${p.name}=2`)) : fc.constant('x=1'),
  );
  const extra = fc.oneof({ weight: 7, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: odd });
  return fc.tuple(values, extra).map(([vals, more]) => {
    const pairs = params.flatMap((p, i) => (vals[i] === undefined ? [] : [`${encode(p.name)}=${encode(vals[i])}`]));
    if (more) pairs.push(more);
    return pairs.length ? `?${pairs.join('&')}` : '';
  });
}

/** Bodies that are not a JSON document of the right kind, or not sent as JSON. */
const rawBody = fc.oneof(
  fc.constantFrom('', 'null', '[]', '"text"', '1e999', '{', '{"a":1,"a":2}', '{"__proto__":{"polluted":true}}', '\u0000', '[1,2,'),
  nastyString(200),
  fc
    .constantFrom('application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', 'application/json; charset=latin1')
    .map((contentType) => ({ contentType, text: 'a=1' })),
);

function bodyArbitrary(op: Operation, world: FuzzWorld): fc.Arbitrary<FuzzRequest['body']> {
  if (!op.body) return fc.oneof({ weight: 7, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: rawBody.map(asBody) });
  const [[contentType, schema]] = Object.entries(op.body.media);
  const valid = arbitraryFor(schema, world);
  const asMedia = (text: string) => ({ contentType, text });
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((v) => asMedia(JSON.stringify(v))) },
    { weight: 5, arbitrary: fc.tuple(valid, mutationArbitrary).map(([v, m]) => asMedia(applyMutation(v, m))) },
    { weight: 1, arbitrary: rawBody.map(asBody) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function asBody(raw: string | { contentType: string; text: string }): FuzzRequest['body'] {
  return typeof raw === 'string' ? { contentType: 'application/json', text: raw } : raw;
}

/** Requests for one operation: mostly with the `valid` credential (a key holding every scope, a principal's bearer), some with none or a bad one. */
export function requestArbitrary(op: Operation, world: FuzzWorld, valid: Credential = 'key'): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const path = fc
    .tuple(...pathParams.map((p) => pathValue(p, world)))
    .map((values) => pathParams.reduce((url, p, i) => url.replace(`{${p.name}}`, values[i]), op.path));
  const credential = fc.oneof(
    { weight: 14, arbitrary: fc.constant<Credential>(valid) },
    { weight: 1, arbitrary: fc.constantFrom<Credential>('none', 'bad') },
  );
  return fc
    .record({ path, query: queryString(op, world), credential, body: bodyArbitrary(op, world) })
    .map(({ path: p, query, credential: c, body }) => ({
      method: op.method,
      url: p + query,
      credential: c,
      ...(body ? { body } : {}),
    }));
}
