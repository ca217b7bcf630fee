import type { CSSProperties } from 'react';

/**
 * While a list still shows the previous conditions' rows (keepPreviousData) they stay in view, dimmed, and take no
 * clicks: a click then would open a member or document of the old result, not of what was just searched. The
 * region says it is busy, so a screen reader does not read the old rows as the answer.
 */
export function staleRowsProps(isPrevious: boolean): {
  'aria-busy'?: true;
  style?: CSSProperties;
} {
  return isPrevious ? { 'aria-busy': true, style: { opacity: 0.55, pointerEvents: 'none' } } : {};
}
