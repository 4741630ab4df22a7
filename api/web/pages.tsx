// The pages for people, one function each; the routes render them and send the string. Split by area under
// pages/, gathered here so the routes have one import.
export type { PageContext } from './layout.js';
export type { KeyMode } from './pages/parts.js';
export type { Usage } from './pages/usage-chart.js';
export type { KeyRow } from './pages/keys.js';
export type { DeliveryRow } from './pages/webhooks.js';
export { portalPage, keyShownPage } from './pages/portal.js';
export {
  checkInboxPage,
  confirmLinkPage,
  linkUsedPage,
  linkExpiredPage,
  linkInvalidPage,
  tooManyRequestsPage,
} from './pages/messages.js';
export { signInPage, dashboardPage, closeAccountPage, accountClosedPage } from './pages/account.js';
export { keysPage, revokeKeyPage } from './pages/keys.js';
export { webhooksPage, rotateSecretPage } from './pages/webhooks.js';
export { requestsPage, type RequestRow } from './pages/requests.js';
export { jobPage, type JobPageProps } from './pages/job.js';
export { jobsPage } from './pages/jobs.js';
export { FIELD_LABELS, MONEY_FIELDS } from './pages/job-fields.js';
export { homePage, errorPage } from './pages/site.js';
