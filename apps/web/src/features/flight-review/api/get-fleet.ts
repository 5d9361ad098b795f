import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The whole fleet in one page, asked as the aircraft screens ask for it (so they share the answer). */
const wholeFleet = { page: 0, page_size: 100, sort: 'tail_number', order: 'asc' } as const;

/** The aircraft a flight can be set to, for the Edit flight form. */
export const useFleet = (isEnabled: boolean) => useQuery({ ...api.aircraft.list.query({ query: wholeFleet }), enabled: isEnabled });
