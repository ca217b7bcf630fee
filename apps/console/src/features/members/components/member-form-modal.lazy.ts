import { lazyModal } from '../../../components/lazy/lazy-modal.tsx';

/** The member form, fetched when it first opens (not with the list). */
export const MemberFormModal = lazyModal(
  async () => (await import('./member-form-modal.tsx')).MemberFormModal,
);
