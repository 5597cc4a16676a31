import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentedEnum } from './openapi-operations';

function documentWith(schemas: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'herald-openapi-')), 'openapi.yaml');
  writeFileSync(path, `openapi: 3.0.3\ncomponents:\n  schemas:\n${schemas}`);
  return path;
}

describe('documentedEnum', () => {
  it('reads a schema enum and the enum of an array schema items, in document order', () => {
    const path = documentWith(
      [
        '    Colour: { type: string, enum: [red, green] }',
        '    Scopes: { type: array, items: { type: string, enum: ["b:read", "a:write"] } }',
      ].join('\n'),
    );
    expect(documentedEnum('Colour', path)).toEqual(['red', 'green']);
    expect(documentedEnum('Scopes', path)).toEqual(['b:read', 'a:write']);
  });

  it('throws, naming the schema, when it is missing or lists no strings', () => {
    const path = documentWith('    Free: { type: string }\n    Numbers: { type: integer, enum: [1, 2] }');
    expect(() => documentedEnum('Gone', path)).toThrow('schema Gone lists no string values');
    expect(() => documentedEnum('Free', path)).toThrow('schema Free lists no string values');
    expect(() => documentedEnum('Numbers', path)).toThrow('schema Numbers lists no string values');
  });

  it("reads openapi.yaml's scopes and permissions", () => {
    expect(documentedEnum('ApiKeyScopes')).toEqual(expect.arrayContaining(['events:write', 'consumers:read']));
    expect(documentedEnum('AdminPermission')).toEqual(expect.arrayContaining(['health:read', 'system_templates:write']));
  });
});
