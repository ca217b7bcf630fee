/** The documents area's calls (to be filled from its routes). */
export const documentEndpoints = {};
