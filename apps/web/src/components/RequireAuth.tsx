import '../mantine-app-styles';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/use-session';

/**
 * Guard of spec §2.1: routes that need sign-in send visitors without a token to /login. Loaded
 * lazily with the signed-in screens, it brings the CSS of the components only they use.
 */
export function RequireAuth() {
  const { token } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
