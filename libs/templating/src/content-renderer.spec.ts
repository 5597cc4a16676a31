import { renderContent } from './content-renderer';
import { smsSegments } from './sms-segments';

describe('renderContent', () => {
  it('when an email template has no text body, then the text is derived from the rendered html', () => {
    const { content, used, missing } = renderContent(
      {
        channel: 'email',
        subject: 'Order {{id}} & more',
        body: '<h1>Hi {{name}}</h1><p>See <a href="https://x.example/o">your order</a></p>',
        text_body: null,
      },
      { id: '<7>', name: 'Ada & Bob' },
    );
    expect(content.subject).toBe('Order <7> & more');
    expect(content.html).toBe('<h1>Hi Ada &amp; Bob</h1><p>See <a href="https://x.example/o">your order</a></p>');
    expect(content.text).toContain('HI ADA & BOB');
    expect(content.text).toContain('your order [https://x.example/o]');
    expect(used).toEqual(['id', 'name']);
    expect(missing).toEqual([]);
  });

  it('when an sms template renders, then values are not escaped and missing ones are reported', () => {
    const { content, missing } = renderContent(
      { channel: 'sms', subject: null, body: 'Code {{code}} for {{who}}', text_body: null },
      { code: '<1&2>' },
    );
    expect(content).toEqual({ subject: null, html: null, text: 'Code <1&2> for ' });
    expect(missing).toEqual(['who']);
  });
});

describe('smsSegments', () => {
  it.each([
    ['a'.repeat(160), 'GSM-7', 1],
    ['a'.repeat(161), 'GSM-7', 2],
    ['€'.repeat(80), 'GSM-7', 1],
    ['é'.repeat(10) + 'ł', 'UCS-2', 1],
    ['ł'.repeat(71), 'UCS-2', 2],
  ])('when the body is %#, then it is %s in %d segment(s)', (body, encoding, segments) => {
    expect(smsSegments(body)).toEqual({ encoding, segments });
  });
});
