import { useEffect } from 'react';
import { onPackageEvent } from '../../../lib/live-events';
import { notify } from '../../../lib/toast';
import { packageStatusLabel } from './package-status-badge';

/**
 * While the customer's package page is open, a parcel that changes is announced, not only
 * redrawn (the lists refresh through the live stream either way): "ISL-P-0000042: Received".
 */
export function usePackageNews(): void {
  useEffect(
    () =>
      onPackageEvent((event) => {
        if (event.kind === 'resync' || !event.packageNumber || !event.status) return;
        notify.info(`${event.packageNumber}: ${packageStatusLabel(event.status, 'customer')}`);
      }),
    [],
  );
}
