'use strict';
/**
 * Provider stand-ins for the email and SMS part of the benchmark, one process (forked by
 * bench/scenarios/channels.js, talks over IPC): an SMTP server (smtp-server, no AUTH, no STARTTLS) and a
 * Twilio-compatible Messages API. Both accept everything and record, per bench run, the arrival
 * time on the machine-wide monotonic clock (process.hrtime, the clock the sender reads) of each
 * message whose subject (email) or body (SMS) is `bench <run> <seq>`, keyed by seq + recipient.
 *
 * env: BENCH_TWILIO_ACCOUNT_SID
 * IPC out at start: {ready, smtpPort, twilioPort}
 * IPC in: {cmd:'count', run} -> {cmd:'count', run, received}
 *         {cmd:'collect', run} -> {cmd:'collected', run, arrivals:[[seq, channel, tMs]], duplicates}
 */
const http = require('node:http');
const { randomBytes } = require('node:crypto');
const { URLSearchParams } = require('node:url');
const { SMTPServer } = require('smtp-server');

const runs = new Map();
const now = () => Number(process.hrtime.bigint()) / 1e6;

function record(channel, text, recipient, t) {
  const m = /^bench (\S+) (\d+)$/.exec(text.trim());
  if (!m) return;
  let s = runs.get(m[1]);
  if (!s) runs.set(m[1], (s = { arrivals: [], seen: new Set(), duplicates: 0 }));
  const key = `${channel}:${m[2]}:${recipient}`;
  if (s.seen.has(key)) return void s.duplicates++;
  s.seen.add(key);
  s.arrivals.push([Number(m[2]), channel, t]);
}

const smtp = new SMTPServer({
  logger: false,
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  size: 64 * 1024 * 1024,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const t = now();
      const raw = Buffer.concat(chunks).toString('latin1');
      const headers = raw.slice(0, raw.indexOf('\r\n\r\n') >>> 0);
      const subject = /^Subject: (.*)$/im.exec(headers);
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      if (subject) record('email', subject[1], to, t);
      callback(null);
    });
  },
});

const sid = process.env.BENCH_TWILIO_ACCOUNT_SID || '';
const twilio = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const t = now();
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const msgSid = `SM${randomBytes(16).toString('hex')}`;
    const body = JSON.stringify({ sid: msgSid, account_sid: sid, to: form.get('To'), status: 'queued', num_segments: '1' });
    res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
    record('sms', form.get('Body') || '', form.get('To') || '', t);
  });
});

process.on('message', (msg) => {
  const s = runs.get(msg.run) || { arrivals: [], duplicates: 0 };
  if (msg.cmd === 'count') process.send({ cmd: 'count', run: msg.run, received: s.arrivals.length });
  if (msg.cmd === 'collect') process.send({ cmd: 'collected', run: msg.run, arrivals: s.arrivals, duplicates: s.duplicates });
});
process.on('disconnect', () => process.exit(0));

smtp.listen(0, '127.0.0.1', () => {
  twilio.listen(0, '127.0.0.1', () => {
    process.send({ ready: true, smtpPort: smtp.server.address().port, twilioPort: twilio.address().port });
  });
});
