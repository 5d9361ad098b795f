/** Providers people may sign in with when configured (docs/product.md "Sign-in and second step"). */
export const signInProviderIds = ['google', 'microsoft', 'oidc'] as const;
export type SignInProviderId = (typeof signInProviderIds)[number];
