import type { EventCreate } from './event-draft';

/** Where the snippets send: this console's own api. */
export function apiBaseUrl(): string {
  return `${window.location.origin}/api/v1`;
}

/** A single-quoted shell word: a ' inside becomes '\'' (close, escaped quote, reopen). */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The request as curl, the key left to the shell's $HERALD_API_KEY. */
export function curlSnippet(body: EventCreate, baseUrl: string): string {
  return [
    `curl -X POST ${shellQuote(`${baseUrl}/events`)} \\`,
    `  -H "X-API-Key: $HERALD_API_KEY" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(JSON.stringify(body, null, 2))}`,
  ].join('\n');
}

/** The request with @herald/client; JSON is a valid TypeScript literal, indented to sit in the call. */
export function typescriptSnippet(body: EventCreate, baseUrl: string): string {
  const literal = JSON.stringify(body, null, 2).replace(/\n/g, '\n  ');
  return [
    `import { createHeraldClient } from '@herald/client';`,
    ``,
    `const herald = createHeraldClient({`,
    `  baseUrl: ${JSON.stringify(baseUrl).replace(/"/g, "'")},`,
    `  apiKey: process.env.HERALD_API_KEY,`,
    `});`,
    ``,
    `const { data, error } = await herald.POST('/events', {`,
    `  body: ${literal},`,
    `});`,
    `if (error) throw new Error(JSON.stringify(error));`,
    `console.log(data.id, data.status);`,
  ].join('\n');
}
