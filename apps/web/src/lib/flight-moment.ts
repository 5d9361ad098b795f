/**
 * The flight screen's query parameter naming a moment of the flight (epoch ms) to open at, instead of where its review
 * was left: the address a lesson's "Go to moment" links to (docs/product.md "Lessons and grading").
 */
export const flightMomentParam = 'at';

/** The query string that opens the flight screen at `timeMs`. */
export const flightMomentSearch = (timeMs: number) => `?${flightMomentParam}=${Math.round(timeMs)}`;
