/** Full-page navigations, behind one object so tests can observe them (jsdom's location cannot be spied). */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  currentPath(): string {
    return `${window.location.pathname}${window.location.search}${window.location.hash}`;
  },
};

/** A promise that never settles: used after starting a full-page navigation so nothing renders meanwhile. */
export const never = <T>() => new Promise<T>(() => {});
