import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import type {
  CompleteDelivery, CreateDeliveryRequest, DeliveryLocationForm, ScheduleDelivery,
} from '@parceldesk/shared/schemas/delivery';
import { api } from '../../../lib/api-client';
import { fetchFileBlob } from '../../../lib/download-file';

/** List endpoints (list convention). */
export const DELIVERY_LOCATIONS_ENDPOINT = '/delivery-locations';
export const DELIVERY_REQUESTS_ENDPOINT = '/delivery-requests';

export const activeLocationsQuery = () => queryOptions({
  queryKey: ['delivery', 'locations', 'active'],
  queryFn: ({ signal }) => api<ResponseOf<'GET /delivery-locations/active'>>('/delivery-locations/active', { signal }),
});

export const readyParcelsQuery = () => queryOptions({
  queryKey: ['delivery', 'ready-parcels'],
  queryFn: ({ signal }) => api<ResponseOf<'GET /delivery-requests/ready-parcels'>>('/delivery-requests/ready-parcels', { signal }),
  staleTime: 0,
});

export const driversQuery = () => queryOptions({
  queryKey: ['delivery', 'drivers'],
  queryFn: ({ signal }) => api<ResponseOf<'GET /delivery-requests/drivers'>>('/delivery-requests/drivers', { signal }),
});

export const deliveryRequestQuery = (id: string) => queryOptions({
  queryKey: ['delivery', 'request', id],
  queryFn: ({ signal }) => api<ResponseOf<'GET /delivery-requests/:id'>>(`/delivery-requests/${encodeURIComponent(id)}`, { signal }),
  staleTime: 0,
});

/** After any change: the lists, the request, the ready parcels. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['data-table', DELIVERY_REQUESTS_ENDPOINT] });
    void client.invalidateQueries({ queryKey: ['data-table', DELIVERY_LOCATIONS_ENDPOINT] });
    void client.invalidateQueries({ queryKey: ['delivery'] });
  };
}

export const useSaveLocation = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, form }: { id: string | null; form: DeliveryLocationForm }) => (id
      ? api<ResponseOf<'PUT /delivery-locations/:id'>>(`/delivery-locations/${encodeURIComponent(id)}`, { method: 'PUT', body: form })
      : api<ResponseOf<'POST /delivery-locations'>>('/delivery-locations', { method: 'POST', body: form })),
    onSuccess: refresh,
  });
};

export const useDeactivateLocation = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<ResponseOf<'POST /delivery-locations/:id/deactivate'>>(`/delivery-locations/${encodeURIComponent(id)}/deactivate`, { method: 'POST' }),
    onSuccess: refresh,
  });
};

export const useCreateDeliveryRequest = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateDeliveryRequest) => api<ResponseOf<'POST /delivery-requests'>>('/delivery-requests', { method: 'POST', body }),
    onSuccess: refresh,
  });
};

export type DeliveryAction =
  | { kind: 'cancel' }
  | { kind: 'schedule'; body: ScheduleDelivery }
  | { kind: 'assign'; body: { driverId: string } }
  | { kind: 'reject'; body: { reason: string } }
  | { kind: 'out-for-delivery' }
  | { kind: 'deliver'; body: CompleteDelivery; photo?: File | null }
  | { kind: 'fail'; body: { reason: string } };

/** POST /delivery-requests/{id}/{action}: every step answers the request as it now stands. */
export const useDeliveryAction = (id: string) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (action: DeliveryAction) => {
      // Proof by photo: the photo is stored first (judged and resized by the server), then "delivered".
      if (action.kind === 'deliver' && action.photo) await uploadDeliveryPhoto(id, action.photo);
      return api<ResponseOf<'POST /delivery-requests/:id/schedule'>>(
        `/delivery-requests/${encodeURIComponent(id)}/${action.kind}`, { method: 'POST', ...('body' in action ? { body: action.body } : {}) },
      );
    },
    onSettled: refresh,
  });
};

/** POST /delivery-requests/{id}/photo: the photo taken at the door (multipart `photo`), kept as proof before "delivered". */
export const uploadDeliveryPhoto = (id: string, photo: File) => {
  const form = new FormData();
  form.append('photo', photo, photo.name);
  return api<ResponseOf<'POST /delivery-requests/:id/photo'>>(`/delivery-requests/${encodeURIComponent(id)}/photo`, { method: 'POST', body: form });
};

/** GET /delivery-requests/{id}/photo|signature: the proof as an image for the detail (staff and the customer). */
export const deliveryProofQuery = (id: string, kind: 'photo' | 'signature') => queryOptions({
  queryKey: ['delivery', 'proof', id, kind],
  queryFn: () => fetchFileBlob(`/delivery-requests/${encodeURIComponent(id)}/${kind}`),
  staleTime: Infinity,
});

/** GET /delivery-requests/run-sheet: the PDF opened in a new tab to print (saved when pop-ups are blocked). */
export async function openRunSheet(date: string, driverId: string | null): Promise<void> {
  const params = new URLSearchParams({ date });
  if (driverId) params.set('driverId', driverId);
  const blob = await fetchFileBlob(`/delivery-requests/run-sheet?${params.toString()}`);
  const url = URL.createObjectURL(blob);
  const opened = window.open(url, '_blank', 'noopener');
  if (!opened) {
    const link = document.createElement('a');
    link.href = url;
    link.download = `run-sheet-${date}.pdf`;
    link.click();
  }
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
