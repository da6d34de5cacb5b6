import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { ResponseOf } from '@parceldesk/shared/contract';
import { COURIER_MAPPING_CACHE_MS } from '@parceldesk/shared/constants';
import type { ValidatedCourier } from '@parceldesk/shared/schemas/couriers';
import { config } from '../config';
import { api } from './api-client';
import { useAuth } from './auth-context';
import { applyDocumentBranding } from './branding-document';
import { storage } from './storage';

type PublicCourier = ResponseOf<'GET /couriers/all'>['couriers'][number];

let courierMapCache: { at: number; couriers: PublicCourier[] } | null = null;

/** GET /couriers/all, cached for 5 minutes (spec section 9). */
async function courierMap(): Promise<PublicCourier[]> {
  if (courierMapCache && Date.now() - courierMapCache.at < COURIER_MAPPING_CACHE_MS) return courierMapCache.couriers;
  const { couriers } = await api<ResponseOf<'GET /couriers/all'>>('/couriers/all');
  courierMapCache = { at: Date.now(), couriers };
  return couriers;
}

/** The first label of a host such as `isl.parceldesk.app`, unless it is excluded or an IP. */
export function subdomainCode(hostname: string): string | null {
  if (/^\d+(\.\d+){3}$/.test(hostname) || hostname.includes(':')) return null;
  const labels = hostname.toLowerCase().split('.');
  if (labels.length < 2) return null;
  const first = labels[0] ?? '';
  if (labels.length === 2 && labels[1] !== 'localhost') return null; // bare domain such as parceldesk.app
  return (config.excludedSubdomains as readonly string[]).includes(first) ? null : first;
}

async function resolveApiKey(search: string): Promise<{ apiKey: string; isSubdomain: boolean } | null> {
  const fromQuery = new URLSearchParams(search).get('api_key');
  if (fromQuery) return { apiKey: fromQuery, isSubdomain: false };
  const stored = storage.getApiKey();
  if (stored) return { apiKey: stored, isSubdomain: false };
  const code = subdomainCode(window.location.hostname);
  if (!code) return null;
  try {
    const match = (await courierMap()).find((c) => c.code.toLowerCase() === code);
    return match ? { apiKey: match.api_key, isSubdomain: true } : null;
  } catch (error) {
    console.warn('Subdomain detection failed', error); // spec section 8: only logged
    return null;
  }
}

export interface BrandingValue {
  courier: ValidatedCourier | null;
  apiKey: string | null;
  loading: boolean;
}

const BrandingContext = createContext<BrandingValue>({ courier: null, apiKey: null, loading: false });

export function BrandingProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const auth = useAuth();
  const [value, setValue] = useState<BrandingValue>({ courier: null, apiKey: null, loading: true });

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const resolved = await resolveApiKey(location.search);
      if (!resolved) {
        if (!cancelled) setValue({ courier: null, apiKey: null, loading: false });
        return;
      }
      try {
        const { data } = await api<ResponseOf<'GET /couriers/validate/:apiKey'>>(`/couriers/validate/${encodeURIComponent(resolved.apiKey)}`);
        storage.setCourier({ apiKey: resolved.apiKey, code: data.code, name: data.name, isSubdomain: resolved.isSubdomain });
        if (!cancelled) setValue({ courier: data, apiKey: resolved.apiKey, loading: false });
      } catch {
        if (!cancelled) setValue({ courier: null, apiKey: null, loading: false });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [location.search]);

  // A signed-in user's own courier wins over the portal's.
  const signedInCourier = auth.customer?.courier ?? auth.user?.courier ?? null;
  useEffect(() => {
    if (value.loading && !signedInCourier) return;
    applyDocumentBranding(signedInCourier ?? value.courier);
  }, [signedInCourier, value.courier, value.loading]);

  const memo = useMemo(() => value, [value]);
  return <BrandingContext.Provider value={memo}>{children}</BrandingContext.Provider>;
}

export function useBranding(): BrandingValue {
  return useContext(BrandingContext);
}
