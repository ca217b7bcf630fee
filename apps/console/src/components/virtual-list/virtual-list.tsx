import { useCallback, useRef, type CSSProperties, type Key, type ReactNode } from 'react';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';

/** Spec §9: at most 1000 items rendered at once; 200 px rendered beyond each edge of the visible area. */
export const VIRTUAL_LIST_RENDER_LIMIT = 1000;
export const VIRTUAL_LIST_BUFFER_PX = 200;

/** The rows to render: the visible range plus the buffer, never more than the render limit. */
export function limitedRange(range: Range, limit = VIRTUAL_LIST_RENDER_LIMIT): number[] {
  return defaultRangeExtractor(range).slice(0, limit);
}

export type VirtualListProps<T> = {
  items: readonly T[];
  /** Row height in px: every row is exactly this high (each row's box is given it). */
  itemSize: number;
  renderItem: (item: T, index: number) => ReactNode;
  getKey?: (item: T, index: number) => Key;
  /** Height of the scrolling box (px or CSS length). */
  height: number | string;
  'aria-label'?: string;
  style?: CSSProperties;
  /** The scroll element, for "scroll back to the top on navigation" (spec §2). */
  scrollRef?: (element: HTMLDivElement | null) => void;
};

/**
 * A windowed list on @tanstack/react-virtual for long member lists. Rows have one fixed height, so none is
 * measured while scrolling: measuring each new row forced a layout per row per frame and dropped frames
 * when 100,000 members were flung through.
 */
export function VirtualList<T>({
  items,
  itemSize,
  renderItem,
  getKey,
  height,
  style,
  scrollRef,
  ...aria
}: VirtualListProps<T>) {
  const parentRef = useRef<HTMLDivElement | null>(null);
  const setRef = useCallback(
    (element: HTMLDivElement | null) => {
      parentRef.current = element;
      scrollRef?.(element);
    },
    [scrollRef],
  );
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => itemSize,
    overscan: Math.ceil(VIRTUAL_LIST_BUFFER_PX / itemSize),
    rangeExtractor: limitedRange,
    getItemKey: getKey ? (index) => getKey(items[index]!, index) : undefined,
  });

  return (
    <div
      ref={setRef}
      role="list"
      aria-label={aria['aria-label']}
      style={{ height, overflowY: 'auto', contain: 'strict', ...style }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            role="listitem"
            data-index={row.index}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              height: itemSize,
              overflow: 'hidden',
              transform: `translateY(${row.start}px)`,
            }}
          >
            {renderItem(items[row.index]!, row.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
