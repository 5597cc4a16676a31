/**
 * The api serves index.html with a fresh nonce in `<meta name="csp-nonce">` and allows only
 * styles carrying it (no 'unsafe-inline'); Mantine's style tags take it from here. Under
 * `npm run dev:console` the placeholder is left as it is and no policy applies.
 */
export function styleNonce(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
}
