import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import type { AddInvoiceLineInput, InvoiceDetail, VoidInvoiceInput } from '@parceldesk/shared/schemas/invoices';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

/** List endpoint (list convention): GET /invoices answers a customer with their own only. */
export const INVOICES_ENDPOINT = '/invoices';

/** A super admin names the courier (invoice numbers are per courier). */
const courierQuery = (courierId?: string | null) => (courierId ? `?courierId=${encodeURIComponent(courierId)}` : '');
const invoicePath = (invoiceNo: string, action = '', courierId?: string | null) =>
  `${INVOICES_ENDPOINT}/${encodeURIComponent(invoiceNo)}${action}${courierQuery(courierId)}`;

export const invoiceQuery = (invoiceNo: string, courierId?: string | null) =>
  queryOptions({
    queryKey: ['invoices', 'detail', invoiceNo, courierId ?? null],
    queryFn: ({ signal }) => api<InvoiceDetail>(invoicePath(invoiceNo, '', courierId), { signal }),
  });

export const useInvoice = (invoiceNo: string, courierId?: string | null) => useQuery(invoiceQuery(invoiceNo, courierId));

export const invoiceSummaryQuery = queryOptions({
  queryKey: ['invoices', 'summary'],
  queryFn: ({ signal }) => api<ResponseOf<'GET /invoices/summary'>>(`${INVOICES_ENDPOINT}/summary`, { signal }),
});

/** Every invoice list and detail on screen. */
export function refreshInvoices(client: QueryClient) {
  void client.invalidateQueries({ queryKey: ['invoices'] });
  void client.invalidateQueries({ queryKey: ['data-table', INVOICES_ENDPOINT] });
}

export const useAddInvoiceLine = (invoiceNo: string, courierId?: string | null) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AddInvoiceLineInput) => api<InvoiceDetail>(invoicePath(invoiceNo, '/lines', courierId), { method: 'POST', body: input }),
    onSuccess: (detail) => {
      client.setQueryData(invoiceQuery(invoiceNo, courierId).queryKey, detail);
      refreshInvoices(client);
    },
  });
};

export const useVoidInvoice = (invoiceNo: string, courierId?: string | null) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: VoidInvoiceInput) => api<ResponseOf<'POST /invoices/:invoiceNo/void'>>(invoicePath(invoiceNo, '/void', courierId), { method: 'POST', body: input }),
    onSuccess: () => refreshInvoices(client),
  });
};

/** GET /invoices/{invoiceNo}/pdf: the printable invoice, saved as INV-000123.pdf. */
export function downloadInvoicePdf(invoiceNo: string, courierId?: string | null): Promise<string> {
  return downloadFile(invoicePath(invoiceNo, '/pdf', courierId), { fallbackName: `${invoiceNo}.pdf` });
}
