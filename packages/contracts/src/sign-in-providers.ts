/** Providers people may sign in with (docs/product-spec.md §7 "OAuth provider URLs and a PKCE flow"), when configured. */
export const signInProviderIds = ['google', 'microsoft', 'oidc'] as const;
export type SignInProviderId = (typeof signInProviderIds)[number];
