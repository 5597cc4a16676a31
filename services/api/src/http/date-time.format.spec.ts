import { isStorableDateTime } from './date-time.format';

describe('isStorableDateTime', () => {
  it.each([
    '2024-02-29T00:00:00Z',
    '2030-01-02T03:04:05.678+05:30',
    '0001-01-01T00:00:00Z',
    '9999-12-31T23:59:59-1400',
    '2016-12-31T23:59:60Z',
  ])('when %s, then it is accepted', (value) => expect(isStorableDateTime(value)).toBe(true));

  it.each([
    '0000-01-01T00:00:00Z',
    '2023-02-29T00:00:00Z',
    '2024-02-30T00:00:00Z',
    '2024-13-01T00:00:00Z',
    '2024-01-01T24:00:00Z',
    '2024-01-01T00:00:00',
    '2024-01-01',
  ])('when %s, then it is refused', (value) => expect(isStorableDateTime(value)).toBe(false));
});
