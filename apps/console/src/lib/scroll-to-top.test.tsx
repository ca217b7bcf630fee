import { useRef } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useScrollToTopOnChange } from './scroll-to-top.ts';

const scrollTo = vi.fn();

function List({ listKey }: { listKey: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useScrollToTopOnChange(ref, listKey);
  return <div ref={ref} data-testid="list" />;
}

describe('useScrollToTopOnChange', () => {
  it('leaves a list where it is when it first appears, and scrolls it to the top when what it shows changes', () => {
    HTMLElement.prototype.scrollTo = scrollTo;
    const { rerender } = render(<List listKey="page=1" />);
    expect(scrollTo).not.toHaveBeenCalled();
    rerender(<List listKey="page=1" />);
    expect(scrollTo).not.toHaveBeenCalled();
    rerender(<List listKey="page=2" />);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });
});
