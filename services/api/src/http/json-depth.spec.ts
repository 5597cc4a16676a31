import { jsonDepthExceeds } from './json-depth';

const depthOk = (text: string, max: number) => !jsonDepthExceeds(Buffer.from(text), max);

describe('jsonDepthExceeds', () => {
  it.each([
    ['{}', 1, true],
    ['{"a":{}}', 1, false],
    ['{"a":[{}]}', 3, true],
    ['{"a":[{}]}', 2, false],
    ['[1,[2],[3]]', 2, true],
    ['{"s":"{{{{[[[["}', 1, true],
    ['{"s":"\\"{{{"}', 1, true],
    ['{"s":"\\\\"}', 1, true],
    ['{"é":{"ü":"😀"}}', 2, true],
  ])('when %s is checked against %i levels, then within is %s', (text, max, within) => {
    expect(depthOk(text, max)).toBe(within);
  });

  it('when nesting is 100,000 deep, then it is refused without recursion', () => {
    expect(depthOk('['.repeat(100_000) + ']'.repeat(100_000), 64)).toBe(false);
  });
});

describe('jsonDepthExceeds on escapes', () => {
  it.each([
    ['{"s":"a\\\\\\"{"}', 1, true],
    ['{"s":"\\\\\\\\"}', 1, true],
    ['{"s":"\\\\\\\\","t":{}}', 1, false],
    ['{"unterminated":"{{{', 1, true],
  ])('when %s is checked against %i levels, then within is %s', (text, max, within) => {
    expect(depthOk(text, max)).toBe(within);
  });
});
