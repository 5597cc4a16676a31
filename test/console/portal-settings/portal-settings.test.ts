import { useConsole } from '../../support/console';
import { tabTo } from '../../support/tab-to';

const c = useConsole();

describe('the consumer portal settings in the console', () => {
  it('when a person lists the sites that may embed the portal and picks its colours, then the portal page is framed by those origins only and themed', async () => {
    const user = await c.aUserWithProject('portal-settings');
    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.goto(`${c.origin}/projects/${user.projectId}/events`);

    await tabTo(page, page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Consumer portal' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Consumer portal', level: 1 }).waitFor();

    // A path is not an origin: the api's 422 is shown at the field, naming the line.
    const origins = page.getByRole('textbox', { name: 'Allowed origins' });
    await origins.fill('https://app.acme.example\nhttps://docs.acme.example/embed');
    await page.getByRole('textbox', { name: 'Primary colour' }).fill('#112233');
    await page.getByRole('button', { name: 'Save portal settings' }).click();
    await page.getByText(/^https:\/\/docs\.acme\.example\/embed: /).waitFor();
    await c.audit(page, 'portal-settings-refused');

    await origins.fill('https://app.acme.example\nhttps://docs.acme.example');
    await page.getByRole('textbox', { name: 'Primary colour' }).fill('#112233');
    await page.getByRole('button', { name: 'Save portal settings' }).click();
    await page.getByRole('status').getByText('Saved').waitFor();
    await c.audit(page, 'portal-settings-saved');

    const stored = await c.http().get('/api/v1/portal-settings').set('X-API-Key', user.apiKey);
    expect(stored.body).toEqual({
      allowed_origins: ['https://app.acme.example', 'https://docs.acme.example'],
      theme: { primary_color: '#112233' },
    });
    const portalPage = await c.http().get(`/portal/${user.projectId}`);
    expect(portalPage.headers['content-security-policy']).toContain('frame-ancestors https://app.acme.example https://docs.acme.example');

    // Read back on a fresh load, as the next person to open the page sees them.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Allowed origins' }).inputValue()).resolves.toBe(
      'https://app.acme.example\nhttps://docs.acme.example',
    );
    await expect(page.getByRole('textbox', { name: 'Primary colour' }).inputValue()).resolves.toBe('#112233');
  });
});
