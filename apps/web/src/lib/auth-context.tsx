import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AUTH_CHECK_THROTTLE_MS, PROFILE_REFRESH_MS } from '@parceldesk/shared/constants';
import { MSG } from '@parceldesk/shared/messages';
import { ROLE_DASHBOARD, type Role } from '@parceldesk/shared/roles';
import type { AuthUser, CourierSignupInput, CustomerLoginInput, CustomerProfile, LoginInput } from '@parceldesk/shared/schemas/auth';
import type { CustomerRegisterInput } from '@parceldesk/shared/schemas/registration';
import { authApi, type Portal } from './auth-api';
import { onSessionEnded } from './api-client';
import { readTokenClaims } from './jwt';
import { storage } from './storage';
import { resetDocumentBranding } from './branding-document';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';
/** Spec section 4: admin after courier registration, customer after customer registration. */
export type UserType = 'super_admin' | 'admin' | 'staff' | 'customer';

export interface AuthState {
  status: AuthStatus;
  role: Role | null;
  userType: UserType | null;
  user: AuthUser | null;
  customer: CustomerProfile | null;
}

export interface AuthContextValue extends AuthState {
  loginUser: (portal: Exclude<Portal, 'customer'>, input: LoginInput) => Promise<Role>;
  loginCustomer: (input: CustomerLoginInput) => Promise<Role>;
  loginWithToken: (token: string) => Promise<Role>;
  registerCustomer: (input: CustomerRegisterInput) => Promise<void>;
  /** Emails the link that finishes the sign-up; resolves to the message to show. */
  registerCourier: (input: CourierSignupInput) => Promise<string>;
  confirmCourierSignup: (token: string) => Promise<void>;
  logout: () => Promise<void>;
  checkAuth: (force?: boolean) => Promise<void>;
  setUser: (user: AuthUser) => void;
  setCustomer: (customer: CustomerProfile) => void;
}

const ANONYMOUS: AuthState = { status: 'anonymous', role: null, userType: null, user: null, customer: null };

function stateForUser(user: AuthUser): AuthState {
  return { status: 'authenticated', role: user.role.name, userType: user.user_type, user, customer: null };
}
function stateForCustomer(customer: CustomerProfile): AuthState {
  return { status: 'authenticated', role: 'customer', userType: 'customer', user: null, customer };
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() => (storage.getToken() ? { ...ANONYMOUS, status: 'loading' } : ANONYMOUS));
  const lastCheck = useRef(0);
  const lastFetch = useRef(0);
  const stateRef = useRef(state);
  stateRef.current = state;

  const clear = useCallback(() => {
    storage.clearToken();
    setState(ANONYMOUS);
  }, []);

  /**
   * Spec section 4: checked at start, at most once per 5 s; the profile is refetched only when
   * none is held or it is older than 5 minutes; a failed check clears the token.
   */
  const checkAuth = useCallback(async (force = false) => {
    const token = storage.getToken();
    if (!token) {
      setState(ANONYMOUS);
      return;
    }
    const now = Date.now();
    const current = stateRef.current;
    const hasProfile = current.status === 'authenticated';
    if (!force && now - lastCheck.current < AUTH_CHECK_THROTTLE_MS && current.status !== 'loading') return;
    lastCheck.current = now;
    if (!force && hasProfile && now - lastFetch.current < PROFILE_REFRESH_MS) return;
    try {
      const claims = readTokenClaims(token);
      if (claims?.role === 'customer') {
        const { customer } = await authApi.customerProfile();
        setState(stateForCustomer(customer));
      } else {
        const { user } = await authApi.profile();
        setState(stateForUser(user));
      }
      lastFetch.current = Date.now();
    } catch {
      clear();
    }
  }, [clear]);

  useEffect(() => {
    void checkAuth(true);
    return onSessionEnded(() => setState(ANONYMOUS));
  }, [checkAuth]);

  const accept = useCallback((token: string | undefined, next: AuthState) => {
    if (!token) throw new Error(MSG.noTokenReceived);
    storage.setToken(token);
    lastFetch.current = Date.now();
    lastCheck.current = Date.now();
    setState(next);
  }, []);

  const value = useMemo<AuthContextValue>(() => ({
    ...state,
    async loginUser(portal, input) {
      try {
        const result = await authApi.loginUser(portal, input);
        accept(result.token, stateForUser(result.user));
        return result.user.role.name;
      } catch (error) {
        clear();
        throw error;
      }
    },
    async loginCustomer(input) {
      try {
        const result = await authApi.loginCustomer(input);
        accept(result.token, stateForCustomer(result.customer));
        return 'customer';
      } catch (error) {
        clear();
        throw error;
      }
    },
    async loginWithToken(token) {
      const claims = readTokenClaims(token);
      if (claims?.type !== 'impersonation') throw new Error(MSG.invalidTokenType);
      if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now()) throw new Error(MSG.tokenExpired);
      try {
        const result = await authApi.tokenLogin(token);
        if (result.customer) accept(result.token, stateForCustomer(result.customer));
        else if (result.user) accept(result.token, stateForUser(result.user));
        else throw new Error(MSG.noTokenReceived);
        return result.role;
      } catch (error) {
        clear();
        throw error;
      }
    },
    async registerCustomer(input) {
      const result = await authApi.registerCustomer(input);
      accept(result.token, stateForCustomer(result.customer));
    },
    async registerCourier(input) {
      return (await authApi.registerCourier(input)).message;
    },
    async confirmCourierSignup(token) {
      const result = await authApi.confirmCourierSignup(token);
      accept(result.token, { ...stateForUser(result.user), userType: 'admin' });
    },
    async logout() {
      await authApi.logout().catch(() => undefined);
      clear();
      resetDocumentBranding();
    },
    checkAuth,
    setUser: (user) => setState(stateForUser(user)),
    setCustomer: (customer) => setState(stateForCustomer(customer)),
  }), [state, accept, clear, checkAuth]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}

/** Areas each role may enter, by path prefix (spec section 2). */
const ROLE_AREAS: Record<Role, string[]> = {
  super_admin: ['/superadmin'],
  courier_admin: ['/admin'],
  branch_manager: ['/staff'],
  staff: ['/staff'],
  customer: ['/customer'],
};

/** Where to go after sign-in: the saved target when the role may open it, else the role's dashboard. */
export function takePostLoginTarget(role: Role): string {
  const saved = storage.getRedirect();
  storage.clearRedirect();
  if (saved && ROLE_AREAS[role].some((prefix) => saved === prefix || saved.startsWith(`${prefix}/`))) return saved;
  return ROLE_DASHBOARD[role];
}
