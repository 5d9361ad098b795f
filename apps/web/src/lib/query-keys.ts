/** Query keys shared across features: the signed-in account is read by several of them. */
export const meQueryKey = ['me'] as const;
