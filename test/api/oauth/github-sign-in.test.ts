import { randomInt } from 'node:crypto';
import { aSession } from '../auth/sign-in.support';
import { API_PATH, GITHUB_CLIENT, GitHubFake, type GitHubUser } from './github-fake';
import { callBack, redeem, signIn, toCallback, useOAuthSystem } from './oauth.support';

/** Sign-in with GitHub (OAuth 2, no OpenID Connect) against a GitHub-compatible server at the HTTP level. */
let github: GitHubFake;
beforeAll(async () => {
  github = await GitHubFake.start();
});
afterAll(async () => {
  await github?.stop();
});
const sut = useOAuthSystem(() => ({
  GITHUB_CLIENT_ID: GITHUB_CLIENT.id,
  GITHUB_CLIENT_SECRET: GITHUB_CLIENT.secret,
  GITHUB_URL: github.origin,
  GITHUB_API_URL: `${github.origin}${API_PATH}`,
}));

function aGitHubUser(label: string, verified = true): GitHubUser {
  const id = randomInt(1, 2 ** 31);
  return {
    id,
    login: `${label}-${id}`,
    emails: [
      { email: `${label}-${id}-noreply@users.example.com`, primary: false, verified: true },
      { email: `${label}-${id}@example.com`, primary: true, verified },
    ],
  };
}

const me = (token: string) => sut.http().get('/api/v1/auth/me').set('Authorization', `Bearer ${token}`);

describe('OAuth sign-in with GitHub', () => {
  it('when github is configured, then it is listed next to oidc', async () => {
    expect((await sut.http().get('/api/v1/oauth/providers')).body).toEqual({ providers: [{ name: 'github' }, { name: 'oidc' }] });
  });

  it('when a new GitHub user with a verified primary email signs in, then the user is created with that address, and signs in again as the same user', async () => {
    const user = aGitHubUser('octo');
    github.nextLogin(user);
    const first = await redeem(sut, (await signIn(sut, 'github')).code);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: true, user: { email: user.emails[1].email } });
    expect((await me(first.body.access_token)).body.identities).toEqual([{ provider: 'github', email: user.emails[1].email }]);

    github.nextLogin(user);
    const second = await redeem(sut, (await signIn(sut, 'github')).code);
    expect(second.body).toMatchObject({ created: false, user: { id: first.body.user.id } });
  });

  it('when Herald exchanges the code, then it sends the PKCE verifier of the S256 challenge and GitHub refuses any other', async () => {
    github.nextLogin(aGitHubUser('pkce'));
    const { authorizationUrl, callback } = await toCallback(sut, 'github');
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    await sut.system.api.db.query(`UPDATE oauth_authorizations SET code_verifier = repeat('y', 43) WHERE provider = 'github'`);
    const answer = await callBack(sut, callback);
    expect(answer.location?.searchParams.get('error')).toBe('provider_error');
    expect(github.tokenRequests.at(-1)?.get('code_verifier')).toBe('y'.repeat(43));
  });

  it('when the GitHub redirect is replayed, then the second callback is refused', async () => {
    github.nextLogin(aGitHubUser('replay'));
    const { callback } = await toCallback(sut, 'github');
    expect((await callBack(sut, callback)).location?.searchParams.get('code')).toMatch(/^hoc_/);
    expect((await callBack(sut, callback)).status).toBe(422);
  });

  it('when a one-time code from GitHub sign-in is used twice, then the second use is a 401', async () => {
    github.nextLogin(aGitHubUser('reuse'));
    const { code } = await signIn(sut, 'github');
    expect((await redeem(sut, code)).status).toBe(200);
    expect((await redeem(sut, code)).status).toBe(401);
  });

  it('when the primary GitHub email is not verified, then sign-in is refused with unverified_email', async () => {
    github.nextLogin(aGitHubUser('unverified', false));
    expect(await signIn(sut, 'github')).toMatchObject({ error: 'unverified_email' });
  });

  it('when a user connects their GitHub account, then it signs them in; when another user tries the same account, then identity_in_use', async () => {
    const owner = await aSession(sut.system.api.db, sut.config, `gh-owner-${randomInt(1e9)}@example.com`);
    const user = aGitHubUser('linked');
    github.nextLogin(user);
    const connected = await redeem(
      sut,
      (await signIn(sut, 'github', { intent: 'connect', bearer: owner.access_token })).code,
      owner.access_token,
    );
    expect(connected.body).toEqual({ identity: { provider: 'github', email: user.emails[1].email } });

    github.nextLogin(user);
    expect((await redeem(sut, (await signIn(sut, 'github')).code)).body).toMatchObject({ user: { id: owner.user_id } });

    const other = await aSession(sut.system.api.db, sut.config, `gh-other-${randomInt(1e9)}@example.com`);
    github.nextLogin(user);
    expect(await signIn(sut, 'github', { intent: 'connect', bearer: other.access_token })).toMatchObject({ error: 'identity_in_use' });
  });
});
