import { injectTraceHeaders, SpanKind, tracingEnabled, withSpan } from './index';

describe('tracing without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('starts nothing, runs the work as is and adds no header', async () => {
    expect(tracingEnabled()).toBe(false);
    let sawSpan: unknown = 'unset';
    await expect(
      withSpan('x', SpanKind.INTERNAL, {}, async (span) => {
        sawSpan = span;
        return 42;
      }),
    ).resolves.toBe(42);
    expect(sawSpan).toBeUndefined();
    expect(injectTraceHeaders({ 'x-request-id': 'r1' })).toEqual({ 'x-request-id': 'r1' });
  });
});
