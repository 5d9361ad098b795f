/** Personal access tokens (the recorder app) start with this, so they are told apart from anything else. */
export const accessTokenPrefix = 'skl_';

export function isAccessToken(value: string): boolean {
  return value.startsWith(accessTokenPrefix);
}

/** The token of an `Authorization: Bearer skl_…` header, or undefined. */
export function accessTokenOf(authorization: string | undefined): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  return bearer && isAccessToken(bearer) ? bearer : undefined;
}

export function isAccessTokenHeader(authorization: string | undefined): boolean {
  return accessTokenOf(authorization) !== undefined;
}
