import { cacheRoutePatterns, validatorsCompile } from './route-pattern.cache';

describe('route pattern cache', () => {
  beforeAll(() => cacheRoutePatterns());

  it('is what the validator calls, and compiles a pattern once', () => {
    const compile = validatorsCompile();
    const first = compile('/api/v1/events/:id', { sensitive: false, strict: false }) as { regexp: RegExp };
    expect(compile('/api/v1/events/:id', { sensitive: false, strict: false })).toBe(first);
    expect(first.regexp.exec('/api/v1/events/abc')).not.toBeNull();
  });

  it('keeps patterns with other options apart', () => {
    const compile = validatorsCompile();
    const insensitive = compile('/Events', { sensitive: false }) as { regexp: RegExp };
    const sensitive = compile('/Events', { sensitive: true }) as { regexp: RegExp };
    expect(insensitive).not.toBe(sensitive);
    expect(insensitive.regexp.test('/events')).toBe(true);
    expect(sensitive.regexp.test('/events')).toBe(false);
  });

  it('patches once however often it is applied', () => {
    const compile = validatorsCompile();
    cacheRoutePatterns();
    expect(validatorsCompile()).toBe(compile);
  });
});
