import { useConsole } from '../../support/console';
import { tabTo } from '../../support/tab-to';

const c = useConsole();

describe("the project's usage", () => {
  it('when a client posted events, then the usage page counts them per endpoint per hour in a chart and a table, filterable by endpoint with the keyboard', async () => {
    const user = await c.aUserWithProject('usage');
    for (let i = 0; i < 3; i++) {
      const sent = await c
        .http()
        .post('/api/v1/events')
        .set('X-API-Key', user.apiKey)
        .send({
          event_type: 'usage.ping',
          recipients: [{ channels: ['email'], email: 'ada@example.com' }],
          payload: {},
          inline: { html: 'x' },
        });
      expect(sent.status).toBe(202);
    }
    expect((await c.http().get('/api/v1/templates').set('X-API-Key', user.apiKey)).status).toBe(200);
    // The api adds its counts every 10 seconds: write them now rather than wait.
    await c.system.api.flushUsage();

    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.goto(`${c.origin}/projects/${user.projectId}/usage`);
    await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Requests per endpoint per hour, newest hour first' });
    await table.getByRole('row', { name: /POST \/events 3$/ }).waitFor();
    await table.getByRole('row', { name: /GET \/templates 1$/ }).waitFor();
    await page.getByRole('heading', { name: 'Requests per hour' }).waitFor();
    await page.getByText('4 requests in 1 hour; most to POST /events (3).').waitFor();
    await c.audit(page, 'usage');

    // Keyboard only: the Endpoint filter, Enter to apply; the URL keeps it.
    await tabTo(page, page.getByLabel('Endpoint'));
    await page.keyboard.type('/events');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('endpoint') === '/events');
    const filtered = page.getByRole('table', { name: 'Requests per endpoint per hour matching the filters, newest hour first' });
    // The previous page stays on screen while the filtered one loads: wait for the other endpoint to go.
    await filtered.getByRole('row', { name: /\/templates/ }).waitFor({ state: 'detached' });
    await filtered.getByRole('row', { name: /POST \/events 3$/ }).waitFor();
    await c.audit(page, 'usage-filtered');
  });
});
