import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** docs/product-spec.md §3 billing state of the caller's organization, as the server last read it from Stripe. */
export const useBilling = () => useQuery(api.billing.read.query());
