import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type AircraftQuery = { search?: string; page: number; page_size: number; sort: 'tail_number' | 'call_sign' | 'type'; order: 'asc' | 'desc' };

/** The whole fleet in one page (for pickers and filters): a school's fleet fits in it. */
export const wholeFleetQuery: AircraftQuery = { page: 0, page_size: 100, sort: 'tail_number', order: 'asc' };

export const useAircraftList = (query: AircraftQuery) => useQuery({ ...api.aircraft.list.query({ query }), placeholderData: keepPreviousData });

export const useAircraft = (id: string) => useQuery(api.aircraft.read.query({ params: { id } }));
