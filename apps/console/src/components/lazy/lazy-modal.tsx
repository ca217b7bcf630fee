import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/**
 * A modal whose code is fetched the first time it opens: forms (the form library and their rules) are not part
 * of what a list needs before its rows appear. Once fetched it stays mounted, so it closes with its animation
 * and opens again at once.
 */
export function lazyModal<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Modal = lazy(async () => ({ default: await load() }));
  // Mounted closed, then opened: the modal sees itself open, so it notes the element that had the focus (the
  // button that opened it) and gives the focus back there when it closes, as an eagerly loaded modal does.
  function OpenedAfterMount(props: P) {
    const [isMounted, setMounted] = useState(false);
    useEffect(() => setMounted(true), []);
    return <Modal {...props} opened={props.opened && isMounted} />;
  }
  return function LazyModal(props: P) {
    const [hasOpened, setOpened] = useState(props.opened);
    if (props.opened && !hasOpened) setOpened(true);
    if (!hasOpened) return null;
    return (
      <Suspense fallback={null}>
        <OpenedAfterMount {...props} />
      </Suspense>
    );
  };
}
