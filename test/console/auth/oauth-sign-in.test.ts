import { randomUUID } from 'node:crypto';
import { OidcProviderProcess } from '../../api/oauth/oidc-provider.process';
import { useConsole } from '../../support/console';

const CLIENT = { id: 'herald-console-test', secret: 'herald-console-test-secret' };
let oidc: OidcProviderProcess;

const c = useConsole({
  env: async (origin) => {
    oidc = await OidcProviderProcess.start(`${origin}/api/v1/oauth/oidc/callback`, CLIENT.id, CLIENT.secret);
    return { OIDC_ISSUER_URL: oidc.issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret };
  },
});
afterAll(() => oidc?.stop());

describe('signing in to the console with an OpenID Connect provider', () => {
  it('when a person presses the provider button and the provider signs them in, then they come back to the console signed in', async () => {
    const id = randomUUID().slice(0, 8);
    const email = `sso-${id}@example.com`;
    await oidc.nextLogin({ sub: `sso-${id}`, email, email_verified: true });
    const page = await c.newPage();
    await page.goto(`${c.origin}/sign-in`);
    await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
    await page.waitForURL(`${c.origin}/`);
    await page.getByRole('heading', { name: 'Your projects' }).waitFor();
    await page.getByRole('button', { name: `Account: ${email}` }).waitFor();
    expect(page.url()).not.toContain('code=');
  });

  it('when the provider sends back a redirect this tab did not start, then nobody is signed in', async () => {
    const page = await c.newPage();
    await page.goto(`${c.origin}/oauth/done?code=someone-elses-code&state=someone-elses-state`);
    await page.getByRole('alert').getByText('This sign-in was not started in this browser tab.').waitFor();
  });
});
