/** The one client registered at the local OpenID Connect provider (oidc-provider.ts); its secret is the tests' own. */
export const localOidcClient = { clientId: 'skylog-test-client', clientSecret: 'skylog-test-client-secret-0123456789' } as const;
