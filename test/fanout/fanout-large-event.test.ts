import { createLogger } from '@herald/logger';
import { startEmailWorker } from '../../services/email-worker/src/app';
import { eventually } from '../support/eventually';
import { SmtpSink } from '../support/smtp-sink';
import { useSystem } from '../support/system-fixture';

let smtp: SmtpSink;

const f = useSystem({
  // The sink starts with the worker, so the worker knows its port; it stops after the system
  // (hooks run in order), so no pooled SMTP connection holds its shutdown open.
  extra: [
    async (c) => {
      smtp = await SmtpSink.start();
      return startEmailWorker({ ...c, SMTP_URL: smtp.url }, createLogger('email-worker', c.LOG_LEVEL));
    },
  ],
});
afterAll(async () => {
  await smtp?.stop();
});

describe('an event with many email recipients and large content', () => {
  it('when 100 recipients get 192 KiB of inline html each, then every email arrives and the content is stored once, not per notification', async () => {
    const html = `<html><body>${'<p>Quarterly report, line after line.</p>\n'.repeat(4800)}</body></html>`;
    expect(Buffer.byteLength(html)).toBeGreaterThan(192 * 1024);
    const recipients = Array.from({ length: 100 }, (_, i) => ({ channels: ['email'], email: `reader${i}@example.com` }));
    const res = await f
      .http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send({ event_type: 'report.ready', recipients, payload: { quarter: 'Q3' }, inline: { subject: 'Q3 report', html } });
    expect(res.status).toBe(202);

    const event = await eventually(async () => {
      const detail = await f.http().get(`/api/v1/events/${res.body.id}`).set('X-API-Key', f.key);
      expect(detail.body.status).toBe('completed');
      return detail.body;
    }, 60_000);
    expect(event.notifications).toHaveLength(100);
    expect(event.failure_reason).toBeNull();
    expect(smtp.received).toHaveLength(100);
    expect(smtp.for('reader57@example.com')[0].parsed.html).toContain('Quarterly report, line after line.');

    const { rows } = await f.system.api.db.query<{ channel: string; bytes: number }>(
      'SELECT channel, octet_length(content::text) AS bytes FROM event_contents WHERE event_id = $1',
      [res.body.id],
    );
    expect(rows).toEqual([{ channel: 'email', bytes: expect.any(Number) }]);
    expect(rows[0].bytes).toBeGreaterThan(192 * 1024);
  });
});
