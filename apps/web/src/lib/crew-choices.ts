import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/**
 * Whom the signed-in person may put in a seat (the server's seat rule) and the crew a new flight of
 * theirs starts with: read by the upload form and the Edit flight form, which share one answer.
 */
export const useCrewChoices = (isEnabled = true) => useQuery({ ...api.trips.crewChoices.query(), enabled: isEnabled });
