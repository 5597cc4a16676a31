import { execFile } from 'node:child_process';

/**
 * Starts tracing (or not) in a fresh process on the compiled telemetry lib and says whether the
 * OpenTelemetry SDK was loaded (a module, once required, stays in require.cache).
 */
function sdkLoaded(endpoint: string | undefined): Promise<{ loaded: boolean; enabled: boolean }> {
  const script = `
    const { startTracing, stopTracing, tracingEnabled } = require('@herald/telemetry');
    startTracing('loading-test', ${JSON.stringify(endpoint)});
    const loaded = Object.keys(require.cache).some((file) => file.includes('@opentelemetry/sdk-trace'));
    const enabled = tracingEnabled();
    stopTracing().then(() => process.stdout.write(JSON.stringify({ loaded, enabled })));`;
  return new Promise((resolve, reject) => {
    execFile('node', ['-e', script], { env: process.env }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`${err.message}\n${stderr}`));
      resolve(JSON.parse(stdout) as { loaded: boolean; enabled: boolean });
    });
  });
}

describe('tracing SDK loading', () => {
  it('when no OTLP endpoint is configured, then the OpenTelemetry SDK is never loaded', async () => {
    expect(await sdkLoaded(undefined)).toEqual({ loaded: false, enabled: false });
  });

  it('when an OTLP endpoint is configured, then the SDK is loaded and tracing starts', async () => {
    expect(await sdkLoaded('http://127.0.0.1:4318')).toEqual({ loaded: true, enabled: true });
  });
});
