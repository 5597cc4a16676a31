import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { OPENAPI_PATH } from './openapi-path';
import { textFormatMessage, textFormats } from './text.formats';

type Schema = Record<string, unknown>;
const doc = load(readFileSync(OPENAPI_PATH, 'utf8')) as Schema;

function deref(schema: unknown): Schema | undefined {
  let at = schema as Schema | undefined;
  while (at && typeof at.$ref === 'string')
    at = at.$ref
      .slice(2)
      .split('/')
      .reduce<Schema>((o, k) => o[k] as Schema, doc);
  return at;
}

/** Each string a request can carry in `schema`, by where it sits, that no rule of its own constrains. */
function unruledStrings(schema: unknown, where: string, seen = new Set<Schema>()): string[] {
  const s = deref(schema);
  if (!s || seen.has(s)) return [];
  seen.add(s);
  const found: string[] = [];
  const types = ([] as unknown[]).concat(s.type);
  if (types.includes('string') && !s.enum && !s.const && !s.format && !s.pattern) found.push(where);
  for (const key of ['allOf', 'anyOf', 'oneOf'])
    for (const part of (s[key] as unknown[]) ?? []) found.push(...unruledStrings(part, where, seen));
  for (const [name, prop] of Object.entries((s.properties as Schema) ?? {})) found.push(...unruledStrings(prop, `${where}.${name}`, seen));
  if (s.items) found.push(...unruledStrings(s.items, `${where}[]`, seen));
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    found.push(...unruledStrings(s.additionalProperties, `${where}.*`, seen));
  return found;
}

describe('the text formats', () => {
  const { 'storable-text': storable, 'display-name': name } = textFormats();

  it('when text holds NUL or an unpaired surrogate, then it is not storable; emoji and newlines are', () => {
    expect(storable.validate('a\u0000')).toBe(false);
    expect(storable.validate('a\ud800')).toBe(false);
    expect(storable.validate('line one\nline two 😀')).toBe(true);
  });

  it.each([
    ['a NUL', 'acme\u0000'],
    ['a newline (a second header line in a subject)', 'acme\nBcc: x@example.com'],
    ['a tab', 'ac\tme'],
    ['a C1 control', 'acme\u0085'],
    ['a right-to-left override', 'invoice\u202egpj.exe'],
    ['a right-to-left isolate', 'acme\u2067x'],
    ['a left-to-right mark', 'acme\u200e'],
    ['a line separator', 'acme\u2028x'],
    ['only spaces', '   '],
  ])('when a name holds %s, then it is refused with the reason', (_what, text) => {
    expect(name.validate(text)).toBe(false);
    expect(textFormatMessage('must match format "display-name"', text)).toMatch(/NUL|control|blank/);
  });

  it('when a name is ordinary text in any script, with emoji and inner spaces, then it is accepted', () => {
    for (const text of ['Acme Inc.', 'Ærøskøbing ApS', 'شركة', '株式会社 👋', "O'Brien & Co"]) expect(name.validate(text)).toBe(true);
  });

  it('when the validator names another format, then the message is left as it is', () => {
    expect(textFormatMessage('must match format "email"', 'x')).toBeUndefined();
  });
});

describe('openapi.yaml holds every string of the control and administration planes to a text rule', () => {
  it('when an operation is not on the project plane, then each string of its path, query and body has a format, enum or pattern', () => {
    const unruled: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Schema>)) {
      for (const [method, op] of Object.entries(item)) {
        const operation = op as Schema;
        if (!operation?.responses) continue;
        if (JSON.stringify(operation.security ?? doc.security).includes('ApiKeyAuth')) continue;
        const where = `${method.toUpperCase()} ${path}`;
        const parameters = [...((item.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])].map(deref);
        for (const p of parameters)
          if (p?.in !== 'header') unruled.push(...unruledStrings(p?.schema, `${where} ${String(p?.in)}:${String(p?.name)}`));
        const body = (deref(operation.requestBody)?.content as Record<string, Schema> | undefined)?.['application/json']?.schema;
        unruled.push(...unruledStrings(body, `${where} body`));
      }
    }
    expect(unruled).toEqual([]);
  });
});
