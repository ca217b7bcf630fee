/** Alert calls (server: modules/alerts; console: features/cabinets, documents, account). */
import { ZIdParams } from './common.ts';
import { endpoint } from './endpoint.ts';
import {
  ZAlertSettingsRequest,
  ZAlertSettingsResponse,
  ZCalendarFeedResponse,
  ZUpcomingDeadlinesResponse,
} from './alerts.ts';

export const alertEndpoints = {
  getSettings: endpoint({
    method: 'GET',
    path: '/cabinets/:id/alert_settings',
    params: ZIdParams,
    response: ZAlertSettingsResponse,
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/cabinets/:id/alert_settings',
    params: ZIdParams,
    body: ZAlertSettingsRequest,
    response: ZAlertSettingsResponse,
    ifMatch: true,
  }),
  upcoming: endpoint({
    method: 'GET',
    path: '/documents_upcoming_deadlines',
    response: ZUpcomingDeadlinesResponse,
  }),
  calendarFeed: endpoint({
    method: 'GET',
    path: '/account/calendar_feed',
    response: ZCalendarFeedResponse,
  }),
  issueCalendarFeed: endpoint({
    method: 'POST',
    path: '/account/calendar_feed',
    response: ZCalendarFeedResponse,
  }),
  revokeCalendarFeed: endpoint({
    method: 'DELETE',
    path: '/account/calendar_feed',
    response: ZCalendarFeedResponse,
  }),
};
