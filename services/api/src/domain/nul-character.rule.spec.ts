import { ValidationFailed } from '@herald/intake';
import { nulCharacterIssues, refuseNulCharacters } from './nul-character.rule';

describe('NUL characters in stored input', () => {
  it('when strings and keys hold U+0000, then each is named by its loc', () => {
    const issues = nulCharacterIssues({ a: 'ok', b: ['x', 'y\u0000'], ['k\u0000']: 1, c: { d: '\u0000' } }, ['body']);
    expect(issues.map((i) => i.loc)).toEqual([
      ['body', 'b', 1],
      ['body', 'k\u0000'],
      ['body', 'c', 'd'],
    ]);
    expect(issues.every((i) => i.type === 'value_error' && /NUL/.test(i.msg))).toBe(true);
  });

  it('when nothing holds U+0000, then there is no issue and nothing is thrown', () => {
    expect(nulCharacterIssues({ a: ['\u0001', 'é', null, 1, true] }, ['body'])).toEqual([]);
    expect(() => refuseNulCharacters('fine', ['path', 'name'])).not.toThrow();
  });

  it('when a document nests 100,000 levels deep, then it is walked without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const [issue] = nulCharacterIssues(deep, ['body']);
    expect(issue.loc).toHaveLength(100_001);
  });

  it('when thousands of strings hold U+0000, then at most ten are named', () => {
    expect(() => refuseNulCharacters(Array(5000).fill('\u0000'), ['body'])).toThrow(ValidationFailed);
    expect(nulCharacterIssues(Array(5000).fill('\u0000'), ['body'])).toHaveLength(10);
  });
});
