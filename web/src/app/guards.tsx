import { Navigate, Outlet, useLocation } from 'react-router';
import { isSignedIn, useSession } from '../api/session';

/**
 * Signed-out screens send a signed-in user to the app. Checked once per render without a
 * subscription: screens that sign in navigate themselves (e.g. to /verify-email).
 */
export function RequireSignedOut() {
  return isSignedIn() ? <Navigate to="/index.html" replace /> : <Outlet />;
}

/** Signed-in screens: without a session go to /signin (spec 1 §2.1), remembering where the user was. */
export function RequireSession() {
  const signedIn = useSession((s) => s.session !== null);
  const location = useLocation();
  if (!signedIn) return <Navigate to="/signin" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
