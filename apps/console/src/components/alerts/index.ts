export { ALERT_AREAS, alertStore, createAlertStore } from './alert-store.ts';
export type {
  AlertArea as AlertAreaName,
  AlertState,
  AlertType,
  OpenAlert,
} from './alert-store.ts';
export { useAlert, type UseAlert } from './use-alert.ts';
export { AlertArea } from './alert-area.tsx';
