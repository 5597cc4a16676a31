import { expiryReason } from '../../../services/scheduler/src/domain/settlement-reasons';
import { dialogShown } from '../../support/dialog-shown';
import { useConsole, type ConsoleUser } from '../../support/console';
import { focusLandsOn, tabTo } from '../../support/tab-to';

const c = useConsole();

/** Schedules an email event an hour ahead as a client would (POST /scheduled-events). */
async function schedule(user: ConsoleUser, eventType: string): Promise<{ id: string; scheduledFor: Date }> {
  const scheduledFor = new Date(Date.now() + 3600_000);
  const res = await c
    .http()
    .post('/api/v1/scheduled-events')
    .set('X-API-Key', user.apiKey)
    .send({
      event_type: eventType,
      scheduled_for: scheduledFor.toISOString(),
      recipients: [{ channels: ['email'], email: 'ada@example.com' }],
      inline: { subject: 'Soon', html: '<p>Soon</p>' },
    });
  expect(res.status).toBe(201);
  return { id: res.body.id, scheduledFor };
}

/**
 * What a scheduler does to a pending row it finds more than an hour late (its own reason text).
 * These tests run no scheduler: the one in test/scheduler is the only one allowed on the shared
 * test database, since a scheduler claims every project's due rows.
 */
async function expireAsTheSchedulerWould(id: string, scheduledFor: Date): Promise<void> {
  await c.system.api.db.query(
    `UPDATE scheduled_events SET status = 'expired', failure_reason = $2, updated_at = now() WHERE id = $1 AND status = 'pending'`,
    [id, expiryReason(scheduledFor)],
  );
}

const statusOf = async (user: ConsoleUser, id: string) =>
  (await c.http().get(`/api/v1/scheduled-events/${id}`).set('X-API-Key', user.apiKey)).body.status as string;

describe('scheduled events in the console', () => {
  it('when a person cancels a pending event, then it will not be sent; one that left pending meanwhile is refused with the reason in words', async () => {
    const user = await c.aUserWithProject('sched');
    const trial = await schedule(user, 'trial.ending');
    const invoice = await schedule(user, 'invoice.due');

    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.goto(`${c.origin}/projects/${user.projectId}/scheduled-events`);
    await page.getByRole('heading', { name: 'Scheduled events' }).waitFor();

    // Both listed as pending; the status filter lives in the URL.
    const filter = page.getByRole('form', { name: 'Filter scheduled events' });
    await filter.getByLabel('Status').selectOption('pending');
    await filter.getByRole('button', { name: 'Apply filters' }).click();
    expect(new URL(page.url()).searchParams.get('status')).toBe('pending');
    const trialRow = page.getByRole('row', { name: /trial\.ending/ });
    await trialRow.getByText('pending').waitFor();
    await page
      .getByRole('row', { name: /invoice\.due/ })
      .getByText('pending')
      .waitFor();
    await page.getByText('2 scheduled events').waitFor();
    await c.audit(page, 'scheduled-events-list');

    // Cancelled with the mouse, after confirming.
    await trialRow.getByRole('button', { name: /^Cancel trial\.ending at / }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this scheduled event?' });
    await dialogShown(dialog);
    await c.audit(page, 'scheduled-events-cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel scheduled event' }).click();
    await page.getByText(/^Cancelled trial\.ending at .*: it will not be sent\.$/).waitFor();
    await page.getByText('1 scheduled event', { exact: true }).waitFor();
    expect(await statusOf(user, trial.id)).toBe('cancelled');
    // A second cancel of a cancelled event is the api's no-op, not a conflict (openapi.yaml).
    expect((await c.http().delete(`/api/v1/scheduled-events/${trial.id}`).set('X-API-Key', user.apiKey)).status).toBe(204);

    // The invoice expires while the page still shows it pending; cancelling it, by keyboard alone, meets the api's 409.
    await expireAsTheSchedulerWould(invoice.id, invoice.scheduledFor);
    await tabTo(page, page.getByRole('button', { name: /^Cancel invoice\.due at / }));
    await page.keyboard.press('Enter');
    await focusLandsOn(dialog.getByRole('button', { name: 'Cancel scheduled event' }));
    await page.keyboard.press('Enter');
    const refusal = page.getByRole('alert').filter({ hasText: /^Not cancelled: invoice\.due at / });
    await refusal
      .getByText(
        'This scheduled event cannot be cancelled. It had already expired (no scheduler dispatched it within an hour of its time), ' +
          'so nothing was sent and there is nothing to stop. Only a pending scheduled event can be cancelled.',
      )
      .waitFor();
    // The list is read again: nothing is pending any more.
    await page.getByText('No scheduled event is pending.').waitFor();
    await c.audit(page, 'scheduled-events-conflict');

    // Each one's detail says what happened to it.
    await filter.getByLabel('Status').selectOption('');
    await filter.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('link', { name: 'invoice.due' }).click();
    await page.getByRole('heading', { name: 'Scheduled invoice.due' }).waitFor();
    await page.getByText('Not dispatched within an hour of its time (no scheduler was running): nothing was sent.').waitFor();
    await page
      .getByRole('row', { name: /Why nothing was sent/ })
      .getByText(expiryReason(invoice.scheduledFor))
      .waitFor();
    expect(await page.getByRole('button', { name: /^Cancel / }).count()).toBe(0);
    await c.audit(page, 'scheduled-event-detail');
  });
});
