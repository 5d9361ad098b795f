import type { invitationPreviewSchema } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { invitationKeys } from '../../../lib/query-keys.ts';

export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const getInvitation = (token: string, signal?: AbortSignal) =>
  apiRequest<InvitationPreview>(`/api/registration/invitations/${encodeURIComponent(token)}`, { signal });

export const useInvitation = (token: string) =>
  useQuery(
    queryOptions({ queryKey: invitationKeys.preview(token), queryFn: ({ signal }) => getInvitation(token, signal), enabled: token !== '' }),
  );
