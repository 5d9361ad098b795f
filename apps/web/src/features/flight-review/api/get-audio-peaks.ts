import type { audioPeaksSchema } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type AudioPeaks = z.infer<typeof audioPeaksSchema>;

/** A recording's peaks never change; a new recording comes with a new upload, which refreshes every trips read. */
export const useAudioPeaks = (id: string, isEnabled: boolean) =>
  useQuery({ ...api.audio.peaks.query({ params: { id } }), enabled: isEnabled, staleTime: Infinity });
