import { execFile } from 'node:child_process';

const FACTORY = './services/email-worker/dist/providers/email-transport.factory.js';

/**
 * Builds the transport EMAIL_PROVIDER names in a fresh process of the compiled worker and says
 * whether the SES SDK was loaded (a module, once required, stays in require.cache).
 */
function sesSdkLoaded(env: Record<string, string>): Promise<boolean> {
  const script = `
    const { loadConfig } = require('@herald/config');
    const { createEmailTransport } = require('${FACTORY}');
    const transport = createEmailTransport(loadConfig(${JSON.stringify(env)}));
    const loaded = Object.keys(require.cache).some((file) => file.includes('@aws-sdk/client-sesv2'));
    transport.close().then(() => process.stdout.write(JSON.stringify({ name: transport.name, loaded })));`;
  return new Promise((resolve, reject) => {
    execFile('node', ['-e', script], { env: process.env }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`${err.message}\n${stderr}`));
      const out = JSON.parse(stdout) as { name: string; loaded: boolean };
      expect(out.name).toBe(env.EMAIL_PROVIDER);
      resolve(out.loaded);
    });
  });
}

const BASE = { HERALD_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'), LOG_LEVEL: 'silent' };

describe('email transport loading', () => {
  it('when EMAIL_PROVIDER=smtp, then the SES SDK is never loaded', async () => {
    expect(await sesSdkLoaded({ ...BASE, EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525' })).toBe(false);
  });

  it('when EMAIL_PROVIDER=ses, then the SES SDK is loaded for it', async () => {
    const ses = { EMAIL_PROVIDER: 'ses', AWS_REGION: 'eu-west-1', SNS_TOPIC_ARNS: 'arn:aws:sns:eu-west-1:123456789012:ses-feedback' };
    expect(await sesSdkLoaded({ ...BASE, ...ses })).toBe(true);
  });
});
