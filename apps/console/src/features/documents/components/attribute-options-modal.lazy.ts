import { lazyModal } from '../../../components/lazy/lazy-modal.tsx';

/** The attribute options form, fetched when it first opens (not with the list). */
export const AttributeOptionsModal = lazyModal(
  async () => (await import('./attribute-options-modal.tsx')).AttributeOptionsModal,
);
