import { Link } from 'react-router';
import { Pagination, type PaginationProps } from '@mantine/core';

type Props = Omit<PaginationProps, 'onChange' | 'getItemProps' | 'getControlProps'> & {
  value: number;
  /** The list's URL showing `page`. */
  hrefOf: (page: number) => string;
};

const CONTROL_LABELS: Record<string, string> = {
  previous: '前のページ',
  next: '次のページ',
  first: '最初のページ',
  last: '最後のページ',
};

/**
 * A list's pager whose pages and arrows are links, like the list's rows: a page chosen before the console has
 * taken the server-rendered page over loads that page, and once hydrated the router follows it. An arrow
 * that leads nowhere (the first page's 前) is out of the tab order.
 */
export function LinkPagination({ total, value, hrefOf, ...rest }: Props) {
  const controlTarget = (control: string) =>
    control === 'previous' || control === 'first'
      ? control === 'first'
        ? 1
        : Math.max(1, value - 1)
      : control === 'last'
        ? total
        : Math.min(total, value + 1);
  return (
    <Pagination
      {...rest}
      total={total}
      value={value}
      onChange={() => undefined}
      getItemProps={(page) => ({ component: Link, to: hrefOf(page) })}
      getControlProps={(control) => {
        const target = controlTarget(control);
        const isInert = target === value;
        return {
          component: Link,
          to: hrefOf(target),
          'aria-label': CONTROL_LABELS[control],
          ...(isInert ? { tabIndex: -1, 'aria-disabled': true } : {}),
        };
      }}
    />
  );
}
