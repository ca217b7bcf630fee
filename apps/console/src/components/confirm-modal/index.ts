export { ConfirmModal } from './confirm-modal.tsx';
