import { isDatabaseUnreachable } from './pg-errors';

describe('isDatabaseUnreachable', () => {
  it('recognises a refused, lost or shut-down connection', () => {
    expect(isDatabaseUnreachable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isDatabaseUnreachable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const refused = (host: string) => Object.assign(new Error(`connect ECONNREFUSED ${host}`), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnreachable(new AggregateError([refused('::1'), refused('127.0.0.1')]))).toBe(true);
  });

  it('does not take a statement or data error for an outage', () => {
    expect(isDatabaseUnreachable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnreachable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnreachable(new AggregateError([]))).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
  });
});
