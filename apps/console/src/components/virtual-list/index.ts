export {
  VIRTUAL_LIST_BUFFER_PX,
  VIRTUAL_LIST_RENDER_LIMIT,
  VirtualList,
  limitedRange,
  type VirtualListProps,
} from './virtual-list.tsx';
