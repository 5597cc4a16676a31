import { detectVariables, parseTemplate, TemplateSyntaxError } from './template-parser';
import { escapeHtml, renderTemplate, RenderTooLargeError } from './template-renderer';

describe('template rendering', () => {
  it('when a template repeats a large value past the limit, then rendering stops with RenderTooLargeError', () => {
    const template = '{{big}}'.repeat(100_000);
    expect(() => renderTemplate(template, { big: 'x'.repeat(100_000) }, 'none', 1024 * 1024)).toThrow(RenderTooLargeError);
    expect(renderTemplate('{{big}}{{big}}', { big: 'xy' }, 'none', 4).output).toBe('xyxy');
  });

  it('when a value holds markup, then the html body escapes it and the subject does not', () => {
    const values = { name: '<script>alert("x")</script> & Co' };
    expect(renderTemplate('<p>Hi {{name}}</p>', values, 'html').output).toBe(
      '<p>Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co</p>',
    );
    expect(renderTemplate('Hi {{ name }}', values, 'none').output).toBe('Hi <script>alert("x")</script> & Co');
  });

  it('when paths are nested or index arrays, then they resolve', () => {
    const values = { order: { id: 'A-1', items: [{ sku: 'X' }] }, n: 0, ok: false };
    expect(renderTemplate('{{order.id}}/{{order.items.0.sku}}/{{n}}/{{ok}}', values, 'none').output).toBe('A-1/X/0/false');
  });

  it.each(['constructor', '__proto__', 'toString', 'a.constructor', 'a.__proto__.polluted', 'hasOwnProperty', 'prototype'])(
    'when a template reaches for %s, then nothing from a prototype is rendered and it is reported missing',
    (path) => {
      const result = renderTemplate(`[{{${path}}}]`, { a: {} }, 'html');
      expect(result.output).toBe('[]');
      expect(result.missing).toEqual([path]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it('when a value is a JSON payload with __proto__ as an own key, then it is still not followed', () => {
    const values = JSON.parse('{"__proto__": {"admin": true}}');
    expect(renderTemplate('{{__proto__.admin}}', values, 'none')).toEqual({ output: '', used: [], missing: ['__proto__.admin'] });
  });

  it('when variables are missing or null, then they render blank and are listed', () => {
    const result = renderTemplate('Hello {{first}} {{last}}!', { first: 'Ada', last: null }, 'none');
    expect(result).toEqual({ output: 'Hello Ada !', used: ['first'], missing: ['last'] });
  });

  it('when a tag is not a plain variable path, then parsing fails with a clear message', () => {
    expect(() => parseTemplate('{{ a + b }}')).toThrow(TemplateSyntaxError);
    expect(() => parseTemplate('{{#each items}}')).toThrow(/is not a variable/);
    expect(() => parseTemplate('{{}}')).toThrow(TemplateSyntaxError);
  });

  it('when single braces or text surround tags, then they stay literal', () => {
    expect(renderTemplate('{a} {{x}} }}', { x: 1 }, 'none').output).toBe('{a} 1 }}');
  });

  it('when detecting variables across subject, body and text, then each is listed once, sorted', () => {
    expect(detectVariables('Order {{order.id}}', '<p>{{name}} {{order.id}}</p>', undefined)).toEqual(['name', 'order.id']);
  });

  it('escapes every HTML-significant character', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});
