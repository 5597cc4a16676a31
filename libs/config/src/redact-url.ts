/** What a credential is replaced with wherever it would leave the process. */
export const REDACTED = '****';

/** Query parameters that carry credentials (`?password=` in libpq URLs, signed-URL tokens). */
const SECRET_PARAM = /pass|pwd|secret|token|key|auth|sig|credential/i;
const SECRET_PARAM_IN_TEXT = /([?&;][^=&#\s]{0,64}=)([^&#\s]*)/g;
/** `scheme://` (or the start) then everything up to the last `@`: the user information of a URL that does not parse. */
const USERINFO_IN_TEXT = /^([a-z][a-z0-9+.-]{0,31}:\/\/)?[\s\S]*@/i;
/**
 * A URL inside free text: up to whitespace, a quote or an angle bracket. The scheme is bounded
 * because every log line passes through here: unbounded, a long run of `a.a.a.` made the scan
 * quadratic (a 160 kB line took 49 s).
 */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s"'<>`]+/gi;

const maskParamsInText = (text: string) =>
  text.replace(SECRET_PARAM_IN_TEXT, (whole, name: string) => (SECRET_PARAM.test(name) ? `${name}${REDACTED}` : whole));

/**
 * The URL with its user name, password and credential-like query values replaced by `****`, so
 * it can be logged, returned or put in an error. A value that does not parse as a URL (a typo
 * in DATABASE_URL) is masked from the scheme to its last `@`, since the password is in there.
 * A URL without credentials comes back exactly as given.
 */
export function redactUrl(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  // No host: `postgresql:user:pw@db/x` (slashes forgotten) parses as a scheme and an opaque path.
  if (!url?.host) return maskParamsInText(value.replace(USERINFO_IN_TEXT, `$1${REDACTED}@`));
  const secretParams = [...new Set(url.searchParams.keys())].filter((name) => SECRET_PARAM.test(name));
  if (!url.username && !url.password && secretParams.length === 0) return value;
  if (url.username) url.username = REDACTED;
  if (url.password) url.password = REDACTED;
  for (const name of secretParams) url.searchParams.set(name, REDACTED);
  return url.toString();
}

/** Every URL found in a message (a driver's error, a stack trace) passed through redactUrl. */
export function redactUrlsIn(text: string): string {
  return text.includes('://') ? text.replace(URL_IN_TEXT, (url) => redactUrl(url)) : text;
}
