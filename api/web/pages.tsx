// The pages for people, one function each; the routes render them and send the string. Split by area under
// pages/, gathered here so the routes have one import.
export type { PageContext } from './layout.js';
export type { KeyMode } from './pages/parts.js';
export type { Usage } from './pages/usage-chart.js';
export type { KeyRow, DeliveryRow } from './pages/account.js';
export {
  portalPage,
  checkInboxPage,
  keyShownPage,
  liveNeedsEmailPage,
  linkUsedPage,
  linkExpiredPage,
  linkInvalidPage,
  tooManyRequestsPage,
} from './pages/portal.js';
export {
  signInPage,
  dashboardPage,
  keysPage,
  revokeKeyPage,
  webhooksPage,
  closeAccountPage,
  accountClosedPage,
} from './pages/account.js';
export { homePage, errorPage } from './pages/site.js';
