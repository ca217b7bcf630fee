export { ALERT_AREAS, SUCCESS_CLOSE_MS, alertStore, createAlertStore } from './alert-store.ts';
export type {
  AlertArea as AlertAreaName,
  AlertState,
  AlertType,
  OpenAlert,
} from './alert-store.ts';
export { useAlert, type UseAlert } from './use-alert.ts';
export { AlertArea } from './alert-area.tsx';
export { AlertScope } from './alert-scope.tsx';
export { AlertsFollowRoute } from './alerts-follow-route.tsx';
