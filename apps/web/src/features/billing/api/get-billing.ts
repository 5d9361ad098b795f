import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The plan and status of the caller's organization, as the server last read them from Stripe. */
export const useBilling = () => useQuery(api.billing.read.query());
