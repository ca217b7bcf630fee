import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { FatalError, fatalErrorStore } from '../../../lib/fatal-error.ts';

/** A cabinet that does not exist (or another company's) shows the spec's error page (§2, README rule 8). */
export function FatalOnError({ status }: { status: number }) {
  const location = useLocation();
  useEffect(() => {
    fatalErrorStore.set(new FatalError(status), location.pathname);
  }, [status, location.pathname]);
  return null;
}
