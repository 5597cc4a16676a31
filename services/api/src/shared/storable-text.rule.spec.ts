import { ValidationFailed } from '@herald/errors';
import { unstorableTextIssues, refuseUnstorableText } from './storable-text.rule';

describe('text that cannot be stored', () => {
  it('when strings and keys hold U+0000, then each is named by its loc', () => {
    const issues = unstorableTextIssues({ a: 'ok', b: ['x', 'y\u0000'], ['k\u0000']: 1, c: { d: '\u0000' } }, ['body']);
    expect(issues.map((i) => i.loc)).toEqual([
      ['body', 'b', 1],
      ['body', 'k\u0000'],
      ['body', 'c', 'd'],
    ]);
    expect(issues.every((i) => i.type === 'value_error' && /NUL/.test(i.msg))).toBe(true);
  });

  it('when a string or key holds an unpaired surrogate, then it is named; paired ones (emoji) are fine', () => {
    const issues = unstorableTextIssues({ ok: '😀', lone: 'a\ud800', tail: '\udc00b', ['\udfff']: 'x' }, ['body']);
    expect(issues.map((i) => i.loc)).toEqual([
      ['body', 'lone'],
      ['body', 'tail'],
      ['body', '\udfff'],
    ]);
    expect(issues[0].msg).toMatch(/unpaired surrogate/);
  });

  it('when nothing holds U+0000, then there is no issue and nothing is thrown', () => {
    expect(unstorableTextIssues({ a: ['\u0001', 'é', null, 1, true] }, ['body'])).toEqual([]);
    expect(() => refuseUnstorableText('fine', ['path', 'name'])).not.toThrow();
  });

  it('when a document nests 100,000 levels deep, then it is walked without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const [issue] = unstorableTextIssues(deep, ['body']);
    expect(issue.loc).toHaveLength(100_001);
  });

  it('when thousands of strings hold U+0000, then at most ten are named', () => {
    expect(() => refuseUnstorableText(Array(5000).fill('\u0000'), ['body'])).toThrow(ValidationFailed);
    expect(unstorableTextIssues(Array(5000).fill('\u0000'), ['body'])).toHaveLength(10);
  });
});
