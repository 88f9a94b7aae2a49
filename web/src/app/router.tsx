import { Navigate, createBrowserRouter } from 'react-router';
import { ConfirmSignUpPage } from '../auth/ConfirmSignUpPage';
import { ForgotPasswordPage } from '../auth/ForgotPasswordPage';
import { ResetPasswordPage } from '../auth/ResetPasswordPage';
import { SignInPage } from '../auth/SignInPage';
import { SignOutPage } from '../auth/SignOutPage';
import { SignUpPage } from '../auth/SignUpPage';
import { VerifyEmailPage } from '../auth/VerifyEmailPage';
import { VerifyMePage } from '../auth/VerifyMePage';
import { MapScreen } from '../map/MapScreen';
import { settingsRoute } from '../settings/routes';
import { RequireSession, RequireSignedOut } from './guards';
import { SessionGate } from './SessionGate';
import { SignedOutShell } from './SignedOutShell';

/** Routes of spec 1 §2.1–2.3. Unknown paths go to /index.html, which sends signed-out users to /signin. */
export const router = createBrowserRouter([
  {
    element: <SignedOutShell />,
    children: [
      {
        element: <RequireSignedOut />,
        children: [
          { path: 'signin', element: <SignInPage /> },
          { path: 'signup', element: <SignUpPage /> },
          { path: 'confirm-signup', element: <ConfirmSignUpPage /> },
          { path: 'forget-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
        ],
      },
      { path: 'verifyme/:username/:password', element: <VerifyMePage /> },
      { path: 'signout', element: <SignOutPage /> },
      { element: <RequireSession />, children: [{ path: 'verify-email', element: <VerifyEmailPage /> }] },
    ],
  },
  {
    element: <RequireSession />,
    children: [
      {
        element: <SessionGate />,
        children: [{ path: 'index.html', element: <MapScreen /> }, settingsRoute],
      },
    ],
  },
  { path: '*', element: <Navigate to="/index.html" replace /> },
]);
