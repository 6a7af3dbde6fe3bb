/** Facts about the product that both sides show; the name itself comes from configuration. */
export const DEFAULT_APP_NAME = 'Corner Office';
export const DEFAULT_COMPANY_NAME = 'Corner Office Advisory LLC';
export const LEGAL_LAST_UPDATED = 'September 5, 2025';
export const MINIMUM_AGE = 18;
/** The same date, machine-readable, for <time dateTime>. */
export const LEGAL_LAST_UPDATED_ISO = '2025-09-05';
