import { useConsole, type ConsoleUser } from '../../support/console';
import { eventually } from '../../support/eventually';
import { tabTo } from '../../support/tab-to';

const c = useConsole();

/** Sends one email of `category` (none: transactional); answers the status its notification settles in. */
async function emailTo(user: ConsoleUser, address: string, subject: string, category?: string): Promise<string> {
  const sent = await c
    .http()
    .post('/api/v1/events')
    .set('X-API-Key', user.apiKey)
    .send({
      event_type: 'news',
      payload: {},
      recipients: [{ channels: ['email'], email: address }],
      inline: { subject, html: `<p>${subject}</p>`, ...(category ? { category } : {}) },
    });
  expect(sent.status).toBe(202);
  return eventually(async () => {
    const event = await c.http().get(`/api/v1/events/${sent.body.id}`).set('X-API-Key', user.apiKey);
    expect(event.body.status).toBe('completed');
    return event.body.notifications[0].status as string;
  });
}

/** The https link of the newest email to `address`, as its List-Unsubscribe header gives it. */
function unsubscribeLinkOf(address: string): string {
  const mails = c.smtp.for(address);
  const head = mails[mails.length - 1].raw
    .toString('utf8')
    .split(/\r?\n\r?\n/)[0]
    .replace(/\r?\n[ \t]+/g, ' ');
  const link = /^List-Unsubscribe: <(http[^>]+)>/im.exec(head)?.[1];
  expect(link).toBeDefined();
  return link!;
}

describe("the recipient's preferences page", () => {
  it('when a recipient who unsubscribed with one click opens the link, then they opt back in by keyboard and get that email again', async () => {
    const user = await c.aUserWithProject('prefs');
    for (const category of [
      { name: 'marketing', description: 'News and offers, about once a month' },
      { name: 'digest', description: 'A weekly summary of your activity' },
    ]) {
      expect((await c.http().post('/api/v1/categories').set('X-API-Key', user.apiKey).send(category)).status).toBe(201);
    }
    const address = `reader-${user.userId.slice(0, 8)}@example.com`;
    expect(await emailTo(user, address, 'Spring offers', 'marketing')).toBe('delivered');
    const link = unsubscribeLinkOf(address);

    // The mailbox provider's one-click, then the recipient opens the same link.
    const oneClick = await c.http().post(link.slice(c.origin.length)).type('form').send('List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(200);
    expect(await emailTo(user, address, 'Summer offers', 'marketing')).toBe('suppressed');

    const page = await c.newPage();
    const opened = await page.goto(link);
    expect(opened?.headers()['content-security-policy']).toMatch(/^default-src 'none'/);
    await page.getByRole('heading', { level: 1, name: 'Email preferences' }).waitFor();
    await page.getByText(address).waitFor();
    const marketing = page.getByRole('checkbox', { name: 'marketing' });
    const digest = page.getByRole('checkbox', { name: 'digest' });
    expect(await marketing.isChecked()).toBe(false);
    expect(await digest.isChecked()).toBe(true);
    // Each box is described by its category's description, for screen readers too.
    const describedBy = await marketing.getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy}`).textContent()).toBe('News and offers, about once a month');
    await c.audit(page, 'unsubscribe-preferences');

    // Back into marketing, out of the digest: with the keyboard alone.
    await tabTo(page, marketing);
    await page.keyboard.press('Space');
    await tabTo(page, digest);
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Save preferences' }));
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('Your preferences are saved.').waitFor();
    expect(await page.getByRole('checkbox', { name: 'marketing' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'digest' }).isChecked()).toBe(false);
    await c.audit(page, 'unsubscribe-preferences-saved');

    expect(await emailTo(user, address, 'Autumn offers', 'marketing')).toBe('delivered');
    expect(await emailTo(user, address, 'Your week', 'digest')).toBe('suppressed');
    expect(await emailTo(user, address, 'Your receipt')).toBe('delivered');
    expect(c.smtp.for(address).map((m) => m.parsed.subject)).toEqual(['Spring offers', 'Autumn offers', 'Your receipt']);
  });

  it('when the link has been altered, then the page says it is not valid and shows no address', async () => {
    const user = await c.aUserWithProject('prefs-bad');
    await c.http().post('/api/v1/categories').set('X-API-Key', user.apiKey).send({ name: 'marketing' });
    const address = `reader-${user.userId.slice(0, 8)}@example.com`;
    await emailTo(user, address, 'Offers', 'marketing');
    const link = unsubscribeLinkOf(address);
    const page = await c.newPage();
    const opened = await page.goto(`${link.slice(0, -3)}AAA`);
    expect(opened?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'This link is not valid' }).waitFor();
    expect(await page.content()).not.toContain(address);
    await c.audit(page, 'unsubscribe-invalid-link');
  });
});
