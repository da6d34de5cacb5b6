/** Business constants of spec section 9 and the trade defaults of shared/domain.md. */

export const APP_NAME = 'ParcelDesk';
export const BASE_PATH = '/courier';

export const MIN_PASSWORD_LENGTH = 8;
export const DEFAULT_COUNTRY = 'Jamaica';
export const DEFAULT_MEMBERSHIP_TYPE = 'standard';

export const TITLES = ['Mr.', 'Mrs.', 'Ms.', 'Dr.'] as const;
export const PARISHES = [
  'Kingston', 'St. Andrew', 'St. Catherine', 'Clarendon', 'Manchester', 'St. Elizabeth', 'Westmoreland',
  'Hanover', 'St. James', 'Trelawny', 'St. Ann', 'St. Mary', 'Portland', 'St. Thomas',
] as const;
export const MEMBERSHIP_TYPES = ['standard', 'student', 'bpo_employee', 'civil_servant'] as const;
export const MEMBERSHIP_LABELS: Record<(typeof MEMBERSHIP_TYPES)[number], string> = {
  standard: 'Standard',
  student: 'Student',
  bpo_employee: 'BPO Employee',
  civil_servant: 'Civil Servant',
};
export const ACCOUNT_TYPES = ['individual', 'business'] as const;

/** Registration has 4 steps, or 5 when the courier supports membership (spec section 2). */
export const REGISTRATION_STEPS = ['Account Type', 'Personal', 'Contact', 'Address'] as const;
export const REGISTRATION_STEPS_WITH_MEMBERSHIP = ['Account Type', 'Membership', 'Personal', 'Contact', 'Address'] as const;

export const COURIER_MAPPING_CACHE_MS = 5 * 60 * 1000;
export const AUTH_CHECK_THROTTLE_MS = 5000;
export const PROFILE_REFRESH_MS = 5 * 60 * 1000;
export const LOGIN_TOKEN_CHECK_DELAY_MS = 500;
export const REGISTRATION_REDIRECT_MS = 2000;

export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_POSITION = 'top-right';
export const TOAST_DRAG_PERCENT = 80;

export const TABLE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const SEARCH_DEBOUNCE_MS = 300;
export const TICKET_POLL_MS = 120000;
export const CUSTOMER_TICKET_LIMIT = 100;
export const BELL_BADGE_CAP = 99;
export const SIDEBAR_BADGE_CAP = 9;

export const MB = 1024 * 1024;
export const LOGO_MAX_BYTES = 5 * MB;
export const RATE_UPLOAD_MAX_BYTES = 5 * MB;
export const RATE_SHEET_MAX_BYTES = 10 * MB;

/** Jamaican GCT standard rate since 1 April 2020 (shared/domain.md). */
export const DEFAULT_GCT_PERCENT = 15;
export const UNCOLLECTED_AFTER_DAYS = 15;

/** Token lifetimes. */
export const RESET_TOKEN_TTL_MINUTES = 60;
/** How long the link that finishes a courier sign-up works (issue 15). */
export const SIGNUP_LINK_TTL_HOURS = 24;
/** How long the link confirming a new email address works (issue 15 #2). */
export const EMAIL_CHANGE_TTL_HOURS = 24;
export const IMPERSONATION_TOKEN_TTL_SECONDS = 5 * 60;
export const SESSION_TTL_HOURS = 24;
export const REMEMBER_ME_SESSION_TTL_DAYS = 30;
