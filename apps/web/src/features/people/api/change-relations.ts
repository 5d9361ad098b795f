import { messages, type Relation } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { relationKeys } from '../../../lib/query-keys.ts';
import { withMessage } from '../../../lib/with-message.ts';
import { toSearchParams } from '../../../lib/search-params.ts';

/** POST student_instructor with an array of additions; DELETE once per removal (docs/product-spec.md §7). */
export const addRelations = (relations: Relation[]) =>
  withMessage(apiRequest<void>('/api/student-instructor', { method: 'POST', body: relations }), messages.addRelationsFailed);

export const deleteRelation = (relation: Relation) =>
  withMessage(apiRequest<void>(`/api/student-instructor?${toSearchParams(relation)}`, { method: 'DELETE' }), messages.deleteRelationsFailed);

export const useAddRelations = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addRelations, onSuccess: () => queryClient.invalidateQueries({ queryKey: relationKeys.all }) });
};

export const useDeleteRelation = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteRelation, onSuccess: () => queryClient.invalidateQueries({ queryKey: relationKeys.all }) });
};
