import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GitHubUser {
  id: number;
  login: string;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
}

interface Grant {
  user: GitHubUser;
  redirectUri: string;
  challenge: string;
  used: boolean;
}

export const GITHUB_CLIENT = { id: 'gh-client', secret: 'gh-secret' };
/** GitHub Enterprise style: the REST API under a path of its own, so the tests prove GITHUB_API_URL is used. */
export const API_PATH = '/api/v3';

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/**
 * A GitHub-compatible OAuth app server at the HTTP level: the authorize redirect, the token
 * endpoint (client secret, single-use code, redirect_uri and PKCE S256 checked as GitHub does,
 * errors answered 200 with an `error` field like GitHub) and the REST API's /user and
 * /user/emails. The person who signs in next is set by the test (`nextLogin`).
 */
export class GitHubFake {
  private readonly grants = new Map<string, Grant>();
  private readonly tokens = new Map<string, GitHubUser>();
  private next?: GitHubUser;
  /** Every token request's form, to check what Herald sent. */
  readonly tokenRequests: URLSearchParams[] = [];
  origin = '';

  private constructor(private readonly server: Server) {}

  static async start(): Promise<GitHubFake> {
    const fake = new GitHubFake(createServer());
    fake.server.on('request', (req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.origin = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  nextLogin(user: GitHubUser): void {
    this.next = user;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.origin);
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') return this.authorize(url, res);
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') return json(200, this.exchange(await readBody(req)));
    const user = this.tokens.get((req.headers.authorization ?? '').replace(/^(Bearer|token) /i, ''));
    if (!user) return json(401, { message: 'Bad credentials' });
    if (req.method === 'GET' && url.pathname === `${API_PATH}/user`) return json(200, { id: user.id, login: user.login, email: null });
    if (req.method === 'GET' && url.pathname === `${API_PATH}/user/emails`) {
      return json(
        200,
        user.emails.map((e) => ({ ...e, visibility: null })),
      );
    }
    json(404, { message: 'Not Found' });
  }

  private authorize(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri');
    if (q.get('client_id') !== GITHUB_CLIENT.id || !redirectUri || !this.next) {
      res.writeHead(400).end('bad authorize request');
      return;
    }
    const back = new URL(redirectUri);
    if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
      back.searchParams.set('error', 'invalid_request');
    } else {
      const code = randomBytes(10).toString('hex');
      this.grants.set(code, { user: this.next, redirectUri, challenge: q.get('code_challenge')!, used: false });
      back.searchParams.set('code', code);
    }
    back.searchParams.set('state', q.get('state') ?? '');
    res.writeHead(302, { location: back.href }).end();
  }

  private exchange(body: string): Record<string, string> {
    const form = new URLSearchParams(body);
    this.tokenRequests.push(form);
    if (form.get('client_id') !== GITHUB_CLIENT.id || form.get('client_secret') !== GITHUB_CLIENT.secret) {
      return { error: 'incorrect_client_credentials', error_description: 'The client_id and/or client_secret passed are incorrect.' };
    }
    const grant = this.grants.get(form.get('code') ?? '');
    if (!grant || grant.used) return { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' };
    grant.used = true;
    if (form.get('redirect_uri') !== grant.redirectUri)
      return { error: 'redirect_uri_mismatch', error_description: 'redirect_uri differs' };
    if (s256(form.get('code_verifier') ?? '') !== grant.challenge) {
      return { error: 'invalid_grant', error_description: 'The code_verifier does not match the code_challenge.' };
    }
    const token = `gho_${randomBytes(16).toString('hex')}`;
    this.tokens.set(token, grant.user);
    return { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' };
  }
}
