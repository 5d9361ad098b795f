import { messages } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const usePerson = (id: string) =>
  useQuery(api.people.read.query({ params: { skylog_id: id } }, { failure: messages.fetchUserFailed }));
