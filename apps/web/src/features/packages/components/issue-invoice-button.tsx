import { useNavigate } from 'react-router';
import { Button } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { ACCESS } from '@parceldesk/shared/access';
import type { PackageDetail } from '@parceldesk/shared/schemas/packages';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useCanAccess } from '../../../lib/use-access';
import { useIssueInvoices } from '../api/invoicing';

/** Where an issued invoice opens (the super admin names its courier: numbers are per courier). */
export const invoiceHref = (root: string, invoiceNo: string, courierId: string) =>
  `${root}/invoices/${encodeURIComponent(invoiceNo)}${root === '/superadmin' ? `?courier=${encodeURIComponent(courierId)}` : ''}`;

/** "Issue invoice" on a package page (invoices_manage): a customer's package not yet on an invoice. */
export function IssueInvoiceButton({ pkg }: { pkg: PackageDetail }) {
  const canAccess = useCanAccess();
  const root = useAreaRoot();
  const navigate = useNavigate();
  const issue = useIssueInvoices();
  if (!canAccess(ACCESS.invoicesManage) || !pkg.customerId || !pkg.isEditable) return null;
  const run = async () => {
    try {
      const answer = await issue.mutateAsync([pkg.id]);
      const issued = answer.issued[0];
      if (issued) {
        notify.success(`Invoice ${issued.invoiceNumber} issued`);
        void navigate(invoiceHref(root, issued.invoiceNumber, pkg.courierId));
      } else {
        notify.error(answer.skipped[0]?.reason ?? answer.message);
      }
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to issue the invoice'));
    }
  };
  return (
    <Button leftSection={<IconFileInvoice size={16} aria-hidden />} loading={issue.isPending} onClick={() => void run()}>
      Issue invoice
    </Button>
  );
}
