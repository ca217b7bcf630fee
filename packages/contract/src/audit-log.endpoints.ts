/** The audit-log area's calls (to be filled from its routes). */
export const auditLogEndpoints = {};
