import { compilePayloadSchema, payloadSchemaIssues } from './payload-schema';

const at = ['body', 'payload'];

describe('compilePayloadSchema', () => {
  it('compiles a schema with an $id every time it is read again, and it still checks', () => {
    const read = () => ({ $id: 'https://acme.example/order.json', type: 'object', required: ['id'] });
    for (let i = 0; i < 3; i++) {
      const { validate, issues } = compilePayloadSchema(read(), ['schema']);
      expect(issues).toEqual([]);
      expect(payloadSchemaIssues(validate!, {}, at)).toEqual([
        { loc: ['body', 'payload', 'id'], msg: expect.stringContaining("must have required property 'id'"), type: 'missing' },
      ]);
    }
  });

  it('keeps recursive references working', () => {
    const schema = {
      definitions: { node: { type: 'object', properties: { next: { $ref: '#/definitions/node' }, n: { type: 'integer' } } } },
      $ref: '#/definitions/node',
    };
    const { validate } = compilePayloadSchema(schema, ['schema']);
    expect(payloadSchemaIssues(validate!, { next: { next: { n: 1 } } }, at)).toEqual([]);
    expect(payloadSchemaIssues(validate!, { next: { next: { n: 'x' } } }, at)[0].loc).toEqual(['body', 'payload', 'next', 'next', 'n']);
  });

  it('matches patterns in linear time: a backtracking pattern on a long payload answers at once', () => {
    const { validate } = compilePayloadSchema({ type: 'string', pattern: '^(a+)+$' }, ['schema']);
    // A backtracking engine takes 2^n steps here; the test would not finish.
    expect(payloadSchemaIssues(validate!, `${'a'.repeat(50_000)}b`, at)).toHaveLength(1);
    expect(payloadSchemaIssues(validate!, 'aaaa', at)).toEqual([]);
    const keys = compilePayloadSchema({ type: 'object', patternProperties: { '^x-': { type: 'string' } } }, ['schema']).validate!;
    expect(payloadSchemaIssues(keys, { 'x-a': 1 }, at)).toHaveLength(1);
  });

  it('refuses a pattern RE2 cannot run (lookaround), naming the schema', () => {
    const { validate, issues } = compilePayloadSchema({ type: 'string', pattern: '^(?=a)' }, ['body', 'schema']);
    expect(validate).toBeUndefined();
    expect(issues).toEqual([{ loc: ['body', 'schema'], msg: expect.stringContaining('not a valid JSON Schema'), type: 'value_error' }]);
  });

  it('accepts uniqueItems over scalar items only: over objects it would compare every pair of a large payload', () => {
    const tags = compilePayloadSchema({ type: 'array', uniqueItems: true, items: { type: 'string' } }, ['schema']).validate!;
    expect(payloadSchemaIssues(tags, ['a', 'b', 'a'], at)).toHaveLength(1);
    const objects = compilePayloadSchema({ properties: { lines: { type: 'array', uniqueItems: true } } }, ['body', 'schema']);
    expect(objects.validate).toBeUndefined();
    expect(objects.issues[0]).toMatchObject({ loc: ['body', 'schema'], msg: expect.stringContaining('/properties/lines') });
  });
});
