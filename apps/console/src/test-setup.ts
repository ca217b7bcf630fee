import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

// Mantine reads these browser APIs, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
// Mantine's combobox scrolls the option that arrow keys reach into view.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub });
}

// A browser has one AbortSignal for fetch and for AbortController; under jsdom the controller is jsdom's and
// Request is Node's, and Node 22+ refuses a signal of another class (React Router builds a Request per
// navigation). Such a signal is left off the Request: the tests never abort a navigation's request through it.
{
  const NativeRequest = globalThis.Request;
  const acceptedInit = (input: RequestInfo | URL, init?: RequestInit) => {
    if (!init?.signal) return init;
    try {
      new NativeRequest(input, init);
      return init;
    } catch {
      return { ...init, signal: null };
    }
  };
  class JsdomFriendlyRequest extends NativeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(input, acceptedInit(input, init));
    }
  }
  globalThis.Request = JsdomFriendlyRequest;
}
