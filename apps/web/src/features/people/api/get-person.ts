import { messages } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { withMessage } from '../../../lib/with-message.ts';

export const usePerson = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: api.people.read.key({ params: { skylog_id: id } }),
      queryFn: ({ signal }) => withMessage(api.people.read({ params: { skylog_id: id } }, { signal }), messages.fetchUserFailed),
    }),
  );
