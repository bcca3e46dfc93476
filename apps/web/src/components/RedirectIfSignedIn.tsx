import { Navigate, Outlet } from 'react-router';
import { budgetsPath } from '@mindspend/domain';
import { useCurrentMonth } from '../lib/current-month';
import { useSession } from '../lib/use-session';
import { PageLoader } from './PageLoader';

/**
 * Guard of spec §2.1: a signed-in user who opens /, /login, /register or /signup goes to the
 * current month's budgets.
 */
export function RedirectIfSignedIn() {
  const { token } = useSession();
  const { month, ready } = useCurrentMonth();
  if (!token) return <Outlet />;
  if (!ready) return <PageLoader />;
  return <Navigate to={budgetsPath(month)} replace />;
}
