import { useEffect, useRef } from 'react';
import { notify } from '../../lib/toast';

/** Toasts `message` once each time `isError` turns true (StrictMode re-runs effects). */
export function useErrorToast(isError: boolean, message: string) {
  const shown = useRef(false);
  useEffect(() => {
    if (!isError) {
      shown.current = false;
      return;
    }
    if (shown.current) return;
    shown.current = true;
    notify.error(message);
  }, [isError, message]);
}
