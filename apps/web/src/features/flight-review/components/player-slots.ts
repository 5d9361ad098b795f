import { createContext, type RefObject } from 'react';

/** What the review screen lends whichever player is mounted (the audio's, or the track replay's). */
export type PlayerSlots = {
  /** On narrow screens the player's controls dock here, at the bottom of the window. */
  dock: HTMLElement | null;
  /** The player's play / pause, for the space bar. */
  togglePlay: RefObject<(() => void) | null>;
};

export const PlayerSlotsContext = createContext<PlayerSlots | null>(null);
