import type { AssignableRole, Person } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, groupKey } from '../../../lib/api.ts';

/** Every administrative change to a person, each its own endpoint; all refresh the people lists. */
export type PersonChange =
  | { kind: 'role'; id: string; role: AssignableRole }
  | { kind: 'assignment'; id: string; orgId?: string | null; subOrgId?: string | null }
  | { kind: 'active'; id: string; isActive: boolean }
  | { kind: 'cable'; id: string; isCollected: boolean };

function updatePerson(change: PersonChange): Promise<Person> {
  const params = { skylog_id: change.id };
  switch (change.kind) {
    case 'role':
      return api.people.changeRole({ params, body: { user_type: change.role } });
    case 'assignment':
      return api.people.assign({
        params,
        body: {
          ...(change.orgId !== undefined ? { org_id: change.orgId } : {}),
          ...(change.subOrgId !== undefined ? { sub_org_id: change.subOrgId } : {}),
        },
      });
    case 'active':
      return change.isActive ? api.people.reactivate({ params }) : api.people.deactivate({ params });
    case 'cable':
      return api.people.updateCable({ params, body: { cable_collections: change.isCollected } });
  }
}

export const useUpdatePerson = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePerson, onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKey('people') }) });
};
