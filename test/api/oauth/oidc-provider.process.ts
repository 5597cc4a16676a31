import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface TestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

/** The oidc-provider child process (oidc-provider.server.mjs): a real OpenID Connect issuer on loopback. */
export class OidcProviderProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly issuer: string,
  ) {}

  static async start(redirectUri: string, clientId: string, clientSecret: string): Promise<OidcProviderProcess> {
    const child = spawn(process.execPath, [join(__dirname, 'oidc-provider.server.mjs'), redirectUri, clientId, clientSecret], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const issuer = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`oidc-provider exited with ${code}: ${stderr}`)));
      child.stdout!.once('data', (d: Buffer) => resolve((JSON.parse(d.toString()) as { issuer: string }).issuer));
    });
    return new OidcProviderProcess(child, issuer);
  }

  /** The account the provider's login page signs in next. */
  async nextLogin(account: TestAccount): Promise<void> {
    const res = await fetch(`${this.issuer}/test/next-login`, { method: 'POST', body: JSON.stringify(account) });
    if (res.status !== 204) throw new Error(`next-login answered ${res.status}`);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}
