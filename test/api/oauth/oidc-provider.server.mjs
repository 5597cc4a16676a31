// A real OpenID Connect provider (oidc-provider 9) for the OAuth tests, run as a child process
// outside jest (it is ESM and wants its own event loop). It listens on a free loopback port and
// prints `{"issuer": ...}` once ready. Arguments: the client's redirect URI, client id, secret.
//
// Who signs in is set by the test beforehand (POST /test/next-login {sub, email, email_verified}):
// the login page finishes itself with that account, so a plain HTTP client with a cookie jar
// can play the browser. PKCE (S256) is required of every client, so the provider itself checks
// the verifier Herald sends at the token endpoint.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const [redirectUri, clientId, clientSecret] = process.argv.slice(2);
const accounts = new Map();
let nextLogin;

function readJson(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => resolve(JSON.parse(body || '{}')));
    req.on('error', reject);
  });
}

const server = createServer();
server.listen(0, '127.0.0.1', () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['oauth-test-provider-cookie-key'] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      return account && { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
    // Consent is implied: every scope the client asks for is granted.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  provider.on('server_error', (_ctx, err) => process.stderr.write(`oidc-provider server_error: ${err.stack}\n`));
  const handle = provider.callback();

  server.on('request', async (req, res) => {
    try {
      if (req.method === 'POST' && req.url === '/test/next-login') {
        const { sub, ...claims } = await readJson(req);
        accounts.set(sub, claims);
        nextLogin = sub;
        res.writeHead(204).end();
      } else if (req.method === 'GET' && req.url.startsWith('/interaction/')) {
        await provider.interactionDetails(req, res);
        await provider.interactionFinished(req, res, { login: { accountId: nextLogin } }, { mergeWithLastSubmission: false });
      } else {
        handle(req, res);
      }
    } catch (err) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err?.stack ?? err));
    }
  });
  process.stdout.write(`${JSON.stringify({ issuer })}\n`);
});
