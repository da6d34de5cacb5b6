/** The rule lives in lib (the header bell follows links too); re-exported for the notifications page. */
export { safeAppPath } from '../../../lib/notification-counts';
