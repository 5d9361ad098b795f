import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { localOidcClient } from './oidc-client.ts';

export type OidcAccount = { email: string; emailVerified: boolean; name: string };

export type LocalOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** People who can sign in here, by their login (their `sub`). */
  accounts: Map<string, OidcAccount>;
  /**
   * Signs `login` in at the provider's own (development) login and consent pages, starting from the
   * authorization address a client sent the browser to; answers where the provider sends the browser back
   * (the client's redirect URI with `code` and `state`), without following it.
   */
  authorize: (authorizationUrl: string, login: string) => Promise<URL>;
  close: () => Promise<void>;
};

/**
 * A real OpenID Connect provider (panva's `oidc-provider`, certified by the OpenID Foundation) on a free
 * local port, for tests: one confidential client, PKCE required, the e-mail scope with `email_verified`.
 */
export async function startOidcProvider({
  redirectUris,
  port = 0,
  isAnyLoginAnEmail = false,
}: {
  redirectUris: string[];
  port?: number;
  /**
   * End-to-end runs: a login not in `accounts` is taken as the person's e-mail, verified unless written
   * `unverified:<e-mail>` (the browser types it on the provider's page).
   */
  isAnyLoginAnEmail?: boolean;
}): Promise<LocalOidcProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, OidcAccount>();
  const { clientId, clientSecret } = localOidcClient;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['skylog-test-oidc-cookie-key'] },
    async findAccount(_ctx, sub) {
      const email = String(sub).replace(/^unverified:/, '');
      const account =
        accounts.get(sub) ?? (isAnyLoginAnEmail && email.includes('@') ? { email, emailVerified: email === sub, name: email } : undefined);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: account.email, email_verified: account.emailVerified, name: account.name }),
      };
    },
  });
  // The development pages warn on every start; the tests know.
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider', error));
  server.on('request', provider.callback());

  async function authorize(authorizationUrl: string, login: string): Promise<URL> {
    const cookies = new Map<string, string>();
    const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const remember = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    };
    let next = new URL(authorizationUrl);
    let form: URLSearchParams | null = null;
    for (let hop = 0; hop < 20; hop += 1) {
      if (next.origin !== issuer) return next;
      const response: Response = await fetch(next, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: { cookie: cookieHeader(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body: form,
      });
      remember(response);
      form = null;
      const location = response.headers.get('location');
      if (location) {
        next = new URL(location, next);
        continue;
      }
      const html: string = await response.text();
      const action: string | undefined = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt: string | undefined = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (!response.ok || !action || !prompt) throw new Error(`the provider answered ${response.status}: ${html.slice(0, 300)}`);
      // Its login page takes any password; the consent page only asks to continue.
      form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
      next = new URL(action.replaceAll('&amp;', '&'), next);
    }
    throw new Error('the provider redirected too many times');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    authorize,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
