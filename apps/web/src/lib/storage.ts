/** Browser storage keys of spec section 3, kept in one place. */
const local = {
  token: 'token',
  redirectAfterLogin: 'redirectAfterLogin',
} as const;
const session = {
  apiKey: 'api_key',
  courierCode: 'courier_code',
  courierName: 'courier_name',
  isSubdomainUser: 'is_subdomain_user',
} as const;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback; // storage can be disabled (private mode, quotas)
  }
}

export const storage = {
  getToken: () => safe(() => localStorage.getItem(local.token), null),
  setToken: (token: string) => safe(() => localStorage.setItem(local.token, token), undefined),
  clearToken: () => safe(() => localStorage.removeItem(local.token), undefined),
  getRedirect: () => safe(() => localStorage.getItem(local.redirectAfterLogin), null),
  setRedirect: (path: string) => safe(() => localStorage.setItem(local.redirectAfterLogin, path), undefined),
  clearRedirect: () => safe(() => localStorage.removeItem(local.redirectAfterLogin), undefined),
  getApiKey: () => safe(() => sessionStorage.getItem(session.apiKey), null),
  setCourier: (c: { apiKey: string; code?: string; name?: string; isSubdomain?: boolean }) =>
    safe(() => {
      sessionStorage.setItem(session.apiKey, c.apiKey);
      if (c.code) sessionStorage.setItem(session.courierCode, c.code);
      if (c.name) sessionStorage.setItem(session.courierName, c.name);
      sessionStorage.setItem(session.isSubdomainUser, c.isSubdomain ? 'true' : 'false');
    }, undefined),
  getCourierName: () => safe(() => sessionStorage.getItem(session.courierName), null),
};
