import { messages, type Relation } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, groupKey } from '../../../lib/api.ts';
import { withMessage } from '../../../lib/with-message.ts';

/**
 * A change of links refreshes the links read anywhere, and the training figures listed per linked student
 * (an instructor's page shows both).
 */
const useRelationsMutation = <Input>(mutationFn: (input: Input) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: groupKey('relations') }), queryClient.invalidateQueries({ queryKey: groupKey('training') })]),
  });
};

/** Adds instructor ↔ student links, several in one call; removes them one call per link. */
export const useAddRelations = () =>
  useRelationsMutation((relations: Relation[]) => withMessage(api.relations.create({ body: relations }), messages.addRelationsFailed));

export const useDeleteRelation = () =>
  useRelationsMutation((relation: Relation) => withMessage(api.relations.remove({ query: relation }), messages.deleteRelationsFailed));
