/** The id a teachable moment's row carries, so a draft's "Go to moment" can find and focus it. */
export const momentElementId = (momentId: string) => `moment-${momentId}`;
