import type { Me, ProfileUpdate } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, groupKey } from '../../../lib/api.ts';
import { meKeys } from '../../../lib/query-keys.ts';

export type UpdateProfileInput = { skylogId: string; profile: ProfileUpdate };

/**
 * PATCH /api/users/{skylog_id}: 204 on success; a 409 is a duplicate. The sign-in e-mail is not part of it: only its
 * owner changes it, through a link sent to the new address.
 */
export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ skylogId, profile }: UpdateProfileInput) => api.users.updateProfile({ params: { skylog_id: skylogId }, body: profile }),
    onSuccess: (_result, { skylogId, profile }) => {
      // The account in client state takes the saved values at once, then is refreshed from the server.
      queryClient.setQueryData<Me>(meKeys.all, (me) =>
        me && me.skylog_id === skylogId ? { ...me, ...profile, is_profile_complete: true } : me,
      );
      // Lists and details of people show the same profile.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: meKeys.all }),
        queryClient.invalidateQueries({ queryKey: groupKey('people') }),
      ]);
    },
  });
};
