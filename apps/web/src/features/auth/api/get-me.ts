import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The signed-in account; the shell's loader asks for it before the screen's code has loaded (app/router.tsx). */
export const useMe = () => useQuery(api.users.me.query());
