import type { AircraftCategory } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';

/** What the chosen track file holds, read in the browser before anything is sent. */
export type TrackPreview =
  | { kind: 'track'; format: string; points: number; startMs: number; endMs: number; notices: number; takeoffs: number; landings: number }
  | { kind: 'untimed'; points: number }
  | { kind: 'refused'; message: string };

/**
 * Reads the chosen file with the same parser and the same phase detection the server uses (@skylog/track-formats
 * and @skylog/flight-analysis, loaded only when a file is chosen), so the pilot sees at once what Skylog will make
 * of it: its points, times, take-offs and landings (by the chosen aircraft's category), that it has no times, or
 * why it is not a track. The server reads the file again when it arrives and decides; this only informs.
 */
async function readTrackFile(file: File, category: AircraftCategory | null): Promise<TrackPreview> {
  const [{ parseTrackFile, TrackFileError, UntimedTrackError }, { detectPhases }, bytes] = await Promise.all([
    import('@skylog/track-formats'),
    import('@skylog/flight-analysis'),
    file.arrayBuffer(),
  ]);
  try {
    const track = parseTrackFile(file.name, new Uint8Array(bytes));
    const times = track.points.map((point) => point.timestamp);
    const { takeoffs, landings } = detectPhases(track.points, { category });
    return {
      kind: 'track',
      format: track.format,
      points: track.points.length,
      startMs: Math.min(...times),
      endMs: Math.max(...times),
      notices: track.notices.length,
      takeoffs: takeoffs.length,
      landings: landings.length,
    };
  } catch (error) {
    if (error instanceof UntimedTrackError) return { kind: 'untimed', points: error.path.length };
    if (error instanceof TrackFileError) return { kind: 'refused', message: error.message };
    throw error;
  }
}

/** The chosen file's preview; a file is known by its name, size and time of change, so choosing it again reads nothing. */
export const useTrackPreview = (file: File | null, category: AircraftCategory | null) =>
  useQuery({
    queryKey: ['track-preview', file?.name, file?.size, file?.lastModified, category],
    queryFn: () => readTrackFile(file!, category),
    enabled: file !== null,
    staleTime: Infinity,
    retry: false,
  });
