import { APP_NAME, BASE_PATH } from '@parceldesk/shared/constants';

/** Defined once: where the app lives and what it is called without a courier. */
export const config = {
  basePath: BASE_PATH,
  apiBase: '/api',
  defaultTitle: APP_NAME,
  defaultFavicon: `${BASE_PATH}/favicon.svg`,
  defaultLogo: `${BASE_PATH}/default-logo.svg`,
  /** Hosts whose first label is never a courier code (spec section 9, subdomain detection). */
  excludedSubdomains: ['www', 'app', 'parceldesk', 'localhost', '127'],
} as const;
