export { ADMIN_ONLY_MESSAGE, AdminOnly, AdminOnlyNotice } from './admin-only.tsx';
