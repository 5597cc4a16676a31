import { ValidationFailed } from '@herald/errors';
import { MAX_HTML_DEPTH, importTemplate } from './template-import';

function issuesOf(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    if (err instanceof ValidationFailed) return err.issues;
    throw err;
  }
  throw new Error('expected a ValidationFailed');
}

describe('importTemplate', () => {
  it('when each sample occurs once in text, then it becomes a variable there and in the subject', () => {
    const out = importTemplate({
      name: 'shipped',
      subject: 'Order A-1001 shipped',
      html: '<html><body><h1>Hi Ada</h1><p>Order <b>A-1001</b> is on its way.</p></body></html>',
      variables: { name: 'Ada', order_id: 'A-1001' },
    });
    expect(out.body).toBe('<html><body><h1>Hi {{name}}</h1><p>Order <b>{{order_id}}</b> is on its way.</p></body></html>');
    expect(out.subject).toBe('Order {{order_id}} shipped');
  });

  it('when a sample occurs inside an attribute, then 422 names the variable', () => {
    const issues = issuesOf(() =>
      importTemplate({ name: 't', html: '<a href="https://x.example/A-1">track A-1 now</a>', variables: { order: 'A-1' } }),
    );
    expect(issues).toEqual([expect.objectContaining({ loc: ['body', 'variables', 'order'], msg: expect.stringMatching(/attribute/) })]);
  });

  it('when a sample occurs twice, then 422 says how often and never guesses', () => {
    const issues = issuesOf(() => importTemplate({ name: 't', html: '<p>Ada</p><p>Ada</p>', variables: { name: 'Ada' } }));
    expect(issues[0]).toMatchObject({ loc: ['body', 'variables', 'name'], msg: expect.stringMatching(/2 times/) });
  });

  it('when a sample does not occur, then 422', () => {
    const issues = issuesOf(() => importTemplate({ name: 't', html: '<p>Hello</p>', variables: { name: 'Ada' } }));
    expect(issues[0].msg).toMatch(/does not occur/);
  });

  it('when a sample holds an ampersand, then its escaped form in the HTML matches', () => {
    const out = importTemplate({ name: 't', html: '<p>Ben &amp; Jerry</p>', variables: { shop: 'Ben & Jerry' } });
    expect(out.body).toBe('<p>{{shop}}</p>');
  });

  it('when a sample sits in a script or a comment, then it is not a text node match', () => {
    const issues = issuesOf(() => importTemplate({ name: 't', html: '<p>x</p><script>var n="Ada"</script>', variables: { name: 'Ada' } }));
    expect(issues[0].msg).toMatch(/attribute, comment or script/);
  });

  it('when a sample runs from a text node into a tag, then only its whole match inside one text node counts', () => {
    const out = importTemplate({ name: 't', html: '<p>1<b>y</b> and 1&lt;b</p>', variables: { v: '1<b' } });
    expect(out.body).toBe('<p>1<b>y</b> and {{v}}</p>');
  });

  it('when 1 MB of unclosed tags (x<i> 262,144 times) is imported, then 422 names html at once instead of stalling', () => {
    const issues = issuesOf(() => importTemplate({ name: 't', html: 'x<i>'.repeat(262_144), variables: { a: 'x' } }));
    expect(issues).toEqual([
      { loc: ['body', 'html'], msg: `html nests elements more than ${MAX_HTML_DEPTH} levels deep`, type: 'value_error' },
    ]);
  });

  it('when 1 MB of HTML with tens of thousands of text nodes and 100 variables is imported, then every sample is replaced', () => {
    const variables: Record<string, string> = {};
    const rows: string[] = [];
    for (let i = 0; i < 60_000; i++) {
      const v = i % 600 === 0 ? `v${i / 600}` : undefined;
      if (v) variables[v] = `<${v}>`;
      rows.push(`<p>row ${i}: ${v ? `&lt;${v}&gt;` : 'filler'}</p>`);
    }
    expect(Object.keys(variables)).toHaveLength(100);
    const html = rows.join('');
    expect(html.length).toBeGreaterThan(1_000_000);
    const out = importTemplate({ name: 't', html, variables });
    expect(out.body.match(/\{\{v\d+\}\}/g)).toHaveLength(100);
    expect(out.body).toContain('<p>row 59400: {{v99}}</p>');
    expect(out.body).toContain('<p>row 59401: filler</p>');
  });

  it('when a short sample occurs in every one of 200,000 text nodes, then 422 counts them all', () => {
    const issues = issuesOf(() => importTemplate({ name: 't', html: '<b>ab</b>'.repeat(200_000), variables: { a: 'a' } }));
    expect(issues[0].msg).toMatch(/200000 times/);
  });
});
