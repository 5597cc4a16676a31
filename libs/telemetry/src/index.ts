import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import type { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

export { SpanKind };

/** Headers as messages and HTTP requests carry them; `traceparent` travels in them (W3C Trace Context). */
export type CarrierHeaders = Record<string, unknown>;

let provider: NodeTracerProvider | undefined;

/**
 * Starts tracing for this process when an OTLP endpoint is configured: spans go over OTLP/HTTP
 * (JSON) to `<endpoint>/v1/traces` in batches. Without one nothing starts, and every helper below
 * returns at its first line: no span objects, no context switches, no headers added. The SDK and
 * the exporter are required only here: a process that does not trace would carry ~3 MB of live
 * heap and ~12 MB of RSS for them.
 */
export function startTracing(serviceName: string, endpoint: string | undefined): void {
  if (!endpoint || provider) return;
  // require, not import(): CommonJS output, and jest runs this file in-process as well.
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { BatchSpanProcessor, NodeTracerProvider } =
    require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }))],
  });
  // AsyncLocalStorage context and the W3C traceparent propagator.
  provider.register();
}

export function tracingEnabled(): boolean {
  return provider !== undefined;
}

/** Sends what is buffered; services call it when they stop. */
export async function stopTracing(): Promise<void> {
  await provider?.shutdown().catch(() => undefined);
}

function getter(headers: CarrierHeaders) {
  return {
    keys: () => Object.keys(headers),
    get: (carrier: CarrierHeaders, key: string) => {
      const value = carrier[key];
      if (Buffer.isBuffer(value)) return value.toString('utf8');
      return typeof value === 'string' ? value : undefined;
    },
  };
}

/**
 * Runs `fn` inside a span. With `parent` headers (a queue message's, an HTTP request's) the span
 * continues the trace they carry; otherwise it is a child of the active span. Errors mark the
 * span and propagate.
 */
export async function withSpan<T>(
  name: string,
  kind: SpanKind,
  attributes: Attributes,
  fn: (span?: Span) => Promise<T>,
  parent?: CarrierHeaders,
): Promise<T> {
  if (!provider) return fn();
  const parentContext = parent ? propagation.extract(ROOT_CONTEXT, parent, getter(parent)) : context.active();
  const span = trace.getTracer('herald').startSpan(name, { kind, attributes }, parentContext);
  try {
    return await context.with(trace.setSpan(parentContext, span), () => fn(span));
  } catch (err) {
    span.recordException(err as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
    throw err;
  } finally {
    span.end();
  }
}

/** Adds the active span's `traceparent` (and `tracestate`) to headers about to leave the process. */
export function injectTraceHeaders(headers: Record<string, string>): Record<string, string> {
  if (provider) propagation.inject(context.active(), headers);
  return headers;
}

/**
 * A server span for one HTTP request, continuing the caller's trace: `start` runs the rest of the
 * request inside it, `end` names it by route template and records the status.
 */
export function startServerSpan(
  method: string,
  headers: CarrierHeaders,
): { run<T>(next: () => T): T; end(route: string, status: number): void } | undefined {
  if (!provider) return undefined;
  const parentContext = propagation.extract(ROOT_CONTEXT, headers, getter(headers));
  const span = trace
    .getTracer('herald')
    .startSpan(method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } }, parentContext);
  const active = trace.setSpan(parentContext, span);
  return {
    run: (next) => context.with(active, next),
    end(route, status) {
      span.updateName(`${method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}
