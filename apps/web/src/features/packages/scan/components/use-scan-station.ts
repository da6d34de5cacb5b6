import { useCallback, useRef, useState } from 'react';
import { trackingProblem } from '@parceldesk/shared/domain/packages';
import { receivePackageSchema, type ReceivePackageResponse, type Service } from '@parceldesk/shared/schemas/packages';
import type { ScanCustomer, ScanLookup } from '@parceldesk/shared/schemas/package-scan';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { lookupTracking } from '../api/scan-api';
import type { SaveResult, ScanBody, ScanSync } from '../offline/use-scan-sync';

export interface Measures { weight: string; length: string; width: string; height: string; pieces: string }
const NO_MEASURES: Measures = { weight: '', length: '', width: '', height: '', pieces: '1' };

export type LookupState =
  | { state: 'idle' }
  | { state: 'loading'; trackingNumber: string }
  | { state: 'found'; trackingNumber: string; result: ScanLookup }
  /** No connection: the scan is kept and matched by the server when it syncs. */
  | { state: 'offline'; trackingNumber: string };

export type Confirmation =
  | { kind: 'saved'; response: ReceivePackageResponse }
  | { kind: 'existing'; existing: NonNullable<ScanLookup['existing']> }
  | { kind: 'queued'; trackingNumber: string }
  | { kind: 'error'; message: string };

/** A lookup slower than this is treated as offline: the scan can still be saved and matched when it syncs. */
export const LOOKUP_TIMEOUT_MS = 6000;

export type FieldErrors = Partial<Record<'trackingNumber' | 'customer' | keyof Measures, string>>;

/** The scan station's state: one parcel at a time, from the scan to the save (issue 11). */
export function useScanStation(save: ScanSync['save']) {
  const [tracking, setTracking] = useState('');
  const [lookup, setLookup] = useState<LookupState>({ state: 'idle' });
  const [customer, setCustomer] = useState<ScanCustomer | null>(null);
  /** Typed while offline (matched by the server) or read off an unknown parcel's label. */
  const [labelMailbox, setLabelMailbox] = useState('');
  const [labelName, setLabelName] = useState('');
  const [measures, setMeasures] = useState<Measures>(NO_MEASURES);
  const [service, setService] = useState<Service>('air');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [isSaving, setSaving] = useState(false);
  const lookupAbort = useRef<AbortController | null>(null);
  /**
   * Which parcel the form holds: a new scan or a clear moves it on. A save answers after the
   * clerk may already have scanned the next parcel (a slow network holds it up to SAVE_WAIT_MS),
   * and must then leave that parcel on the form.
   */
  const parcel = useRef(0);

  const clearParcel = useCallback(() => {
    parcel.current += 1;
    lookupAbort.current?.abort();
    setTracking('');
    setLookup({ state: 'idle' });
    setCustomer(null);
    setLabelMailbox('');
    setLabelName('');
    setMeasures(NO_MEASURES);
    setErrors({});
  }, []);

  /** Enter in the tracking field (or a scan anywhere): what is this number? */
  const lookUp = useCallback(async (raw: string): Promise<LookupState> => {
    const problem = trackingProblem(raw);
    parcel.current += 1;
    setTracking(raw);
    setCustomer(null);
    setLabelMailbox('');
    setLabelName('');
    setMeasures(NO_MEASURES);
    if (problem) {
      setErrors({ trackingNumber: problem });
      setLookup({ state: 'idle' });
      return { state: 'idle' };
    }
    setErrors({});
    lookupAbort.current?.abort();
    const controller = new AbortController();
    lookupAbort.current = controller;
    setLookup({ state: 'loading', trackingNumber: raw });
    let isTimedOut = false;
    const timer = window.setTimeout(() => {
      isTimedOut = true;
      controller.abort();
    }, LOOKUP_TIMEOUT_MS);
    try {
      const result = await lookupTracking(raw, controller.signal);
      if (result.existing) {
        // Already a package: it is shown, never received twice; the field is ready for the next one.
        setConfirmation({ kind: 'existing', existing: result.existing });
        clearParcel();
        return { state: 'found', trackingNumber: raw, result };
      }
      if (result.preAlert) {
        setCustomer(result.preAlert.customer);
        setService(result.preAlert.service);
      }
      const next: LookupState = { state: 'found', trackingNumber: raw, result };
      setLookup(next);
      return next;
    } catch (error) {
      if ((error as Error).name === 'AbortError' && !isTimedOut) return { state: 'idle' };
      if (isTimedOut || (error instanceof ApiError && (error.status === 0 || error.status >= 500))) {
        const next: LookupState = { state: 'offline', trackingNumber: raw };
        setLookup(next);
        return next;
      }
      setErrors({ trackingNumber: errorMessage(error, 'The number could not be looked up') });
      setLookup({ state: 'idle' });
      return { state: 'idle' };
    } finally {
      window.clearTimeout(timer);
    }
  }, [clearParcel]);

  /**
   * Enter in a measure field or the Save button: what became of the parcel, or null when the form
   * needs fixing. `isNextParcel`: another parcel was scanned while this one saved, and is on the form.
   */
  const submit = useCallback(async (): Promise<(SaveResult & { isNextParcel: boolean }) | null> => {
    if (lookup.state !== 'found' && lookup.state !== 'offline') return null;
    const body: ScanBody = {
      trackingNumber: lookup.trackingNumber,
      customerId: customer?.id,
      // Online, the mailbox was already searched; offline, the server matches what was typed.
      mailboxNumber: customer || lookup.state !== 'offline' ? undefined : labelMailbox.trim() || undefined,
      labelName: customer ? undefined : labelName.trim() || undefined,
      weight: measures.weight,
      length: measures.length || undefined,
      width: measures.width || undefined,
      height: measures.height || undefined,
      pieces: measures.pieces || undefined,
      service,
    };
    const checked = receivePackageSchema.safeParse(body);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? 'weight') as keyof FieldErrors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return null;
    }
    setSaving(true);
    const saving = parcel.current;
    const isOnForm = () => parcel.current === saving;
    try {
      const result = await save(body, lookup.trackingNumber, isOnForm);
      const isNextParcel = !isOnForm();
      if (result.status === 'rejected') {
        // Refused at once: the parcel stays on the form to fix (unless the next one took its place).
        setConfirmation({ kind: 'error', message: isNextParcel ? `${lookup.trackingNumber}: ${result.message}` : result.message });
        return { ...result, isNextParcel };
      }
      setConfirmation(result.status === 'saved' ? { kind: 'saved', response: result.response } : { kind: 'queued', trackingNumber: lookup.trackingNumber });
      if (!isNextParcel) clearParcel();
      return { ...result, isNextParcel };
    } finally {
      setSaving(false);
    }
  }, [lookup, customer, labelMailbox, labelName, measures, service, save, clearParcel]);

  return {
    tracking, setTracking, lookup, customer, setCustomer, labelMailbox, setLabelMailbox, labelName, setLabelName,
    measures, setMeasure: (key: keyof Measures, value: string) => setMeasures((current) => ({ ...current, [key]: value })),
    service, setService, errors, confirmation, setConfirmation, isSaving, lookUp, submit, clearParcel,
  };
}
