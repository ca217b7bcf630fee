/** The cabinets area's calls (to be filled from its routes). */
export const cabinetEndpoints = {};
