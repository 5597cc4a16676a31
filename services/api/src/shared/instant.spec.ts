import { ValidationFailed } from '@herald/errors';
import { parseInstant } from './instant';

describe('parseInstant', () => {
  it('reads an ordinary date-time with Z or an offset', () => {
    expect(parseInstant('2024-06-30T12:00:00Z', ['query', 'date_to']).toISOString()).toBe('2024-06-30T12:00:00.000Z');
    expect(parseInstant('2024-06-30T12:00:00+02:00', ['query', 'date_to']).toISOString()).toBe('2024-06-30T10:00:00.000Z');
  });

  it('reads a leap second as the next second, as PostgreSQL does', () => {
    expect(parseInstant('2016-12-31T23:59:60Z', ['query', 'date_to']).toISOString()).toBe('2017-01-01T00:00:00.000Z');
    expect(parseInstant('2016-12-31T23:59:60.5+00:00', ['query', 'date_to']).toISOString()).toBe('2017-01-01T00:00:00.500Z');
  });

  it('refuses text no parser can read with a validation issue naming the field', () => {
    const thrown = (() => {
      try {
        parseInstant('2024-13-99T99:99:99Z', ['query', 'date_from']);
      } catch (err) {
        return err;
      }
    })();
    expect(thrown).toBeInstanceOf(ValidationFailed);
    expect((thrown as ValidationFailed).issues).toEqual([
      { loc: ['query', 'date_from'], msg: 'date_from is not a date-time that can be read: 2024-13-99T99:99:99Z', type: 'value_error' },
    ]);
  });
});
