import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * The certificate number a signature starts from: the one on the signer's own profile (the shell has read it
 * already, so this asks nothing new). The instructor still checks it, and gives its expiry, each time they sign.
 */
export function useSignerCertificateNumber(): string {
  return useQuery(api.users.me.query()).data?.license_number ?? '';
}
