import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A modal whose code is fetched the first time it opens: forms (the form library and their rules) are not part
 * of what a list needs before its rows appear. Once opened it stays mounted, so it closes with its animation
 * and opens again at once.
 */
export function lazyModal<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Modal = lazy(async () => ({ default: await load() }));
  return function LazyModal(props: P) {
    const [hasOpened, setOpened] = useState(props.opened);
    if (props.opened && !hasOpened) setOpened(true);
    if (!hasOpened) return null;
    return (
      <Suspense fallback={null}>
        <Modal {...props} />
      </Suspense>
    );
  };
}
