/** The company-settings area's calls (to be filled from its routes). */
export const companySettingsEndpoints = {};
