import { roleGroups } from '../roles.ts';
import { debriefQuerySchema, tripDebriefSentSchema } from '../schemas/training.ts';
import { idParamsSchema } from '../schemas/users.ts';
import { defineOperations } from './define.ts';

/** The one-page debrief of a flight: downloaded as PDF, or e-mailed to its students. */
export const debriefOperations = defineOperations({
  readPdf: {
    name: 'trips.export',
    method: 'GET',
    path: '/api/trips/:id/debrief.pdf',
    access: roleGroups.flightRoles,
    summary: 'The one-page debrief of a flight as PDF: track map, altitude profile, key moments, notes, instructor',
    params: idParamsSchema,
    query: debriefQuerySchema,
    responses: { 200: 'file' },
  },
  // Whoever may debrief the flight (its service decides): the PDF to its students, audited.
  send: {
    name: 'trips.send-debrief',
    method: 'POST',
    path: '/api/trips/:id/debrief/send',
    access: roleGroups.flightRoles,
    summary: "E-mail the flight's PDF debrief to its students (audited)",
    params: idParamsSchema,
    query: debriefQuerySchema,
    responses: { 200: tripDebriefSentSchema },
  },
});
