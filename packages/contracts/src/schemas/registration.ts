import { z } from 'zod';
import { limits } from '../limits.ts';
import { assignableRoles } from '../roles.ts';

const password = z
  .string({ error: 'Password is required' })
  .min(limits.passwordMinLength, `Password must be at least ${limits.passwordMinLength} characters`)
  .max(limits.passwordMaxLength, `Password must be at most ${limits.passwordMaxLength} characters`);

const personName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(limits.nameMaxLength, `Name must be at most ${limits.nameMaxLength} characters`);

const email = z
  .email({ error: 'Enter a valid e-mail address' })
  .max(limits.emailMaxLength)
  .transform((value) => value.toLowerCase());

export const invitationCreateSchema = z.strictObject({
  email,
  user_type: z.enum(assignableRoles, { error: 'Choose a role' }),
  org_id: z.uuid().nullable().optional(),
  sub_org_id: z.uuid().nullable().optional(),
});

export const invitationCreatedSchema = z.object({ id: z.uuid(), email: z.string(), expires_at: z.string() });

export const invitationPreviewSchema = z.object({
  email: z.string(),
  user_type: z.enum(assignableRoles),
  role_label: z.string(),
  org_name: z.string().nullable(),
});

export const invitationAcceptSchema = z.strictObject({
  token: z.string().min(1, 'The invitation token is missing'),
  name: personName,
  password,
});

export const schoolRegistrationSchema = z.strictObject({
  school_name: z
    .string({ error: 'School name is required' })
    .trim()
    .min(1, 'School name is required')
    .max(limits.nameMaxLength, `School name must be at most ${limits.nameMaxLength} characters`),
  name: personName,
  email,
  password,
});

export const invitationTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
