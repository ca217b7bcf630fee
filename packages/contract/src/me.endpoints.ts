/** The me area's calls (to be filled from its routes). */
export const meEndpoints = {};
