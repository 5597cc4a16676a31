import { instantArgument, integerArgument, uuidArgument } from './arguments';
import { UsageError } from './program';

describe('CLI arguments', () => {
  it.each([
    ['2026-11-23', '2026-11-23T00:00:00.000Z'],
    ['2026-11-23T08:00:00Z', '2026-11-23T08:00:00.000Z'],
    ['2026-11-23T08:00Z', '2026-11-23T08:00:00.000Z'],
    ['2026-11-23T09:30:00.5+01:30', '2026-11-23T08:00:00.500Z'],
    ['2026-11-23 08:00:00+0000', '2026-11-23T08:00:00.000Z'],
  ])('when --since is %s, then it is the instant %s', (value, instant) => {
    expect(instantArgument('--since', value)).toBe(instant);
  });

  it.each(['yesterday', '2026-11-23T08:00:00', '2026-02-30', '2026-13-01', '23/11/2026', '2026-11-23T25:00Z', ''])(
    'when --since is %j, then it is refused naming the option',
    (value) => {
      expect(() => instantArgument('--since', value)).toThrow(
        new UsageError(`--since ${JSON.stringify(value)} is no ISO 8601 time (2026-11-23, or 2026-11-23T08:00:00Z with a zone)`),
      );
    },
  );

  it('when an id is not a UUID, then it is refused before any query', () => {
    expect(uuidArgument('--project', 'A87911F0-C160-4917-B817-3F3128E19777')).toBe('a87911f0-c160-4917-b817-3f3128e19777');
    expect(() => uuidArgument('--project', "1' OR '1")).toThrow(/--project "1' OR '1" is no id/);
  });

  it.each(['-1', '1.5', '61', 'ten', ''])('when a bounded number is %j, then it is refused with its range', (value) => {
    expect(() => integerArgument('--wait', value, 1, 60)).toThrow('--wait must be a whole number from 1 to 60');
  });
});
