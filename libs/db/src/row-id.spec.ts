import { newRowId } from './row-id';

describe('newRowId', () => {
  it('is a version 7 UUID of the RFC 9562 variant whose first 48 bits are the time in milliseconds', () => {
    const at = Date.UTC(2026, 10, 29, 22, 15, 0, 123);
    const id = newRowId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it('sorts ids made in later milliseconds after earlier ones, as text and as PostgreSQL compares uuids', () => {
    const ids = [Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 1) + 1, Date.UTC(2026, 5, 1), Date.UTC(2099, 0, 1)].map((t) => newRowId(t));
    expect([...ids].reverse().sort()).toEqual(ids);
  });

  it('leaves 74 random bits: ids made in one millisecond do not repeat', () => {
    const at = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => newRowId(at)));
    expect(ids.size).toBe(10_000);
  });
});
