/** Business constants and limits of spec 1 §9. One source for the web forms and the server. */
export const LIMITS = {
  passwordMin: 8,
  phoneDigitsMin: 7,
  phoneDigitsMax: 15,
  nameMax: 28,
  emailMax: 128,
  childOrganizationNameMax: 128,
  addressFieldMax: 100,
  stateMax: 2,
  postalCodeMax: 10,
  permissionEntriesMax: 100,
  memberPageSize: 10,
  licencePageSize: 20,
  searchDebounceMs: 500,
  preferenceSaveDebounceMs: 5000,
  snackbarMs: 3000,
  snackbarSsoMs: 30000,
  settingsDrawerWidth: 300,
  /** Sign-up, reset and verification codes: six digits, valid this long, single use. */
  codeDigits: 6,
  codeTtlMs: 15 * 60 * 1000,
  codeMaxAttempts: 5,
} as const;

/** The web EULA version a user must have accepted (spec 1 §9). */
export const CURRENT_EULA_TIMESTAMP = 1680140379;

/** Default seats of a self-service organization. */
export const DEFAULT_MAX_USERS = 25;
