import { roleGroups } from '../roles.ts';
import { speakersSchema, speakersUpdateSchema } from '../schemas/speakers.ts';
import { idParamsSchema } from '../schemas/users.ts';
import { defineOperations } from './define.ts';

/** Who speaks in a flight's transcript: Deepgram's speaker numbers named per flight. */
export const speakersOperations = defineOperations({
  read: {
    name: 'speakers.read',
    method: 'GET',
    path: '/api/trips/:id/speakers',
    access: roleGroups.flightRoles,
    summary: "Names of the transcript's speakers",
    params: idParamsSchema,
    responses: { 200: speakersSchema },
  },
  update: {
    name: 'speakers.update',
    method: 'PUT',
    path: '/api/trips/:id/speakers',
    access: roleGroups.flightRoles,
    summary: "Name the transcript's speakers (the list replaces the saved one)",
    params: idParamsSchema,
    body: speakersUpdateSchema,
    responses: { 200: speakersSchema },
  },
});
