/**
 * The owner pages: login, forgot password, new password and the portal. Every form is a
 * plain POST (or GET for the property chooser) the worker answers with a redirect or
 * the page again, so all of it works without JavaScript.
 */
// One chunk for the owner pages, loaded when one of them is shown: each screen lives in ./owner/.
export { LoginScreen } from './owner/LoginScreen.tsx';
export { ForgotScreen } from './owner/ForgotScreen.tsx';
export { ResetScreen } from './owner/ResetScreen.tsx';
export { PortalScreen } from './owner/PortalScreen.tsx';
