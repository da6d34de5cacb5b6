import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ACCESS } from '@parceldesk/shared/access';
import type { CounterCustomer, CounterInvoice } from '@parceldesk/shared/schemas/pickups';
import { RecordPaymentDialog } from '../../../components/billing/record-payment-dialog';
import { useCanAccess } from '../../../lib/use-access';

/**
 * "Take payment" at the counter: the payments feature's Record payment dialog for the invoices
 * still owing; once recorded, the counter reads the balances again so the parcels show Paid.
 */
export function TakePayment({ customer, invoices }: { customer: CounterCustomer; invoices: readonly CounterInvoice[] }) {
  const [opened, setOpened] = useState(false);
  const client = useQueryClient();
  const mayRecord = useCanAccess()(ACCESS.paymentsManage);
  if (!mayRecord) return null;
  return (
    <>
      <Button size="md" leftSection={<IconCash size={18} />} onClick={() => setOpened(true)}>Take payment</Button>
      <RecordPaymentDialog
        opened={opened}
        onClose={() => setOpened(false)}
        customer={{ id: customer.id, name: customer.name }}
        invoices={invoices.map((invoice) => ({ id: invoice.id, invoiceNo: invoice.invoiceNumber, balanceCents: invoice.balanceCents }))}
        onRecorded={() => void client.invalidateQueries({ queryKey: ['counter'] })}
      />
    </>
  );
}
