/**
 * Message ids shared by server responses and the web catalogues (spec §8). The server answers
 * `{ message, code }` where message is one of these ids (or a readable text) and code the error name.
 */
export const MSG = {
  errorOccurred: 'app.error.occurred',
  /** Text with a character no database text can hold (NUL, a lone surrogate). */
  invalidCharacter: 'app.error.invalid-character',
  /** An id that cannot name a row (not a number, or beyond the column's range). */
  invalidId: 'app.error.invalid-id',
  /** A number outside what the field takes (negative, too large, not an integer). */
  invalidNumber: 'app.error.invalid-number',
  /** A request larger than the server takes at once (too deep, too many operations). */
  requestTooLarge: 'app.error.request-too-large',
  invalidEmail: 'app.invalid.email',
  invalidPhone: 'app.invalid.phone',
  nonEmpty: 'app.non-empty',
  nameTooLong: 'app.name.too-long',
  confirmPasswordMismatch: 'app.confirm-password-mismatch',
  userNotFound: 'app.user-not-found-exception.msg',
  userDisabled: 'app.user-disabled',
  incorrectCredentials: 'app.incorrect-credentials',
  tooManyAttempts: 'app.too-many-attempts',
  tooManyCodeRequests: 'app.too-many-code-requests',
  codeMismatch: 'app.code-mismatch',
  codeExpired: 'app.code-expired',
  userExists: 'app.user-exists',
  resendCodeSuccess: 'app.resend-code.success',
  resetPasswordSuccess: 'app.reset-password.success',
  profileUpdateSuccess: 'app.profile.update.success',
  profileUpdateError: 'app.profile.update.error',
  noResetForUnverified: 'app.reset.unverified',
  unauthorized: 'app.unauthorized',
  forbidden: 'app.forbidden',
  notFound: 'app.not-found',
  sessionExpired: 'app.session-expired',
  /** A push token registered by another account (the web app then makes itself a new one). */
  pushTokenTaken: 'app.notifications.token.taken',
  passwordReqs: {
    length: 'app.password-reqs.length',
    number: 'app.password-reqs.number',
    lower: 'app.password-reqs.lower',
    upper: 'app.password-reqs.upper',
    special: 'app.password-reqs.special',
  },
} as const;

/** Error names of the identity service (they follow the hosted provider the spec describes). */
export const AUTH_ERRORS = {
  userNotConfirmed: 'UserNotConfirmedException',
  notAuthorized: 'NotAuthorizedException',
  userNotFound: 'UserNotFoundException',
  passwordResetRequired: 'PasswordResetRequiredException',
  invalidParameter: 'InvalidParameterException',
  invalidPassword: 'InvalidPasswordException',
  usernameExists: 'UsernameExistsException',
  codeMismatch: 'CodeMismatchException',
  expiredCode: 'ExpiredCodeException',
  tooManyRequests: 'TooManyRequestsException',
  limitExceeded: 'LimitExceededException',
} as const;
export type AuthErrorName = (typeof AUTH_ERRORS)[keyof typeof AUTH_ERRORS];
