/**
 * Message ids shared by server responses and the web catalogues (spec §8). The server answers
 * `{ message, code }` where message is one of these ids (or a readable text) and code the error name.
 */
export const MSG = {
  errorOccurred: 'app.error.occurred',
  invalidEmail: 'app.invalid.email',
  invalidPhone: 'app.invalid.phone',
  nonEmpty: 'app.non-empty',
  nameTooLong: 'app.name.too-long',
  confirmPasswordMismatch: 'app.confirm-password-mismatch',
  userNotFound: 'app.user-not-found-exception.msg',
  userDisabled: 'app.user-disabled',
  incorrectCredentials: 'app.incorrect-credentials',
  tooManyAttempts: 'app.too-many-attempts',
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
} as const;
export type AuthErrorName = (typeof AUTH_ERRORS)[keyof typeof AUTH_ERRORS];
