import type { AssignableRole, Person } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { peopleKeys } from '../../../lib/query-keys.ts';

/** Every administrative change to a person, each its own endpoint; all refresh the people lists. */
export type PersonChange =
  | { kind: 'role'; id: string; role: AssignableRole }
  | { kind: 'assignment'; id: string; orgId?: string | null; subOrgId?: string | null }
  | { kind: 'active'; id: string; isActive: boolean }
  | { kind: 'cable'; id: string; isCollected: boolean };

export function updatePerson(change: PersonChange): Promise<Person> {
  const base = `/api/users/${encodeURIComponent(change.id)}`;
  switch (change.kind) {
    case 'role':
      return apiRequest<Person>(`${base}/role`, { method: 'PUT', body: { user_type: change.role } });
    case 'assignment':
      return apiRequest<Person>(`${base}/assignment`, {
        method: 'POST',
        body: {
          ...(change.orgId !== undefined ? { org_id: change.orgId } : {}),
          ...(change.subOrgId !== undefined ? { sub_org_id: change.subOrgId } : {}),
        },
      });
    case 'active':
      return apiRequest<Person>(`${base}/${change.isActive ? 'reactivate' : 'deactivate'}`, { method: 'POST', body: {} });
    case 'cable':
      return apiRequest<Person>(`${base}/cable`, { method: 'PATCH', body: { cable_collections: change.isCollected } });
  }
}

export const useUpdatePerson = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePerson, onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all }) });
};
