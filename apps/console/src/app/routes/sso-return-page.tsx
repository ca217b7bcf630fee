import { Navigate, useLocation } from 'react-router';

/** The connection test comes back to `/sso?test=done`: the settings page shows its result. */
export function Component() {
  const { search } = useLocation();
  return <Navigate to={`/company/sso${search}`} replace />;
}
