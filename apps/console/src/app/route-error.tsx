import { useEffect, useMemo } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { PageError } from '../components/error-page/page-error.tsx';
import { isChunkLoadError, reloadOnceForChunkError } from '../lib/chunk-reload.ts';
import { FatalError, fatalErrorStore, isFatalError } from '../lib/fatal-error.ts';
import { logger } from '../lib/logger.ts';
import { PageLoading } from './layouts/layout-frame.tsx';

/**
 * The route-level boundary. Fatal errors go to the application root (spec §2), chunk-load failures reload
 * once (spec §8), anything else stays inside the page so the navigation keeps working.
 */
export function RouteError() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const isChunk = isChunkLoadError(error);
  const fatal = useMemo(
    () =>
      isFatalError(error)
        ? error
        : isRouteErrorResponse(error) && error.status === 404
          ? new FatalError(404)
          : null,
    [error],
  );

  useEffect(() => {
    if (fatal) {
      fatalErrorStore.set(fatal, `${pathname}${search}`);
    } else if (isChunk) {
      if (!reloadOnceForChunkError(pathname))
        logger.error('画面の読み込みに失敗しました（再読み込み済み）', error);
    } else {
      logger.error('画面の表示中にエラーが発生しました（route）', error);
    }
  }, [error, fatal, isChunk, pathname, search]);

  if (fatal) return null;
  if (isChunk && !sessionStorage.getItem(`cloudsign:chunk-reload:${pathname}`))
    return <PageLoading />;
  return <PageError error={error} isChunkFailure={isChunk} />;
}
