import { Card, Title } from '@mantine/core';
import { MultilineText } from '../../../components/ui/multiline-text';
import { useCourierBankDetails } from '../api/get-courier-bank-details';

/** How to pay the courier by bank transfer, line by line as the admin typed it (settings tab 4). */
export function BankDetailsCard({ courierId }: { courierId: string }) {
  const { data } = useCourierBankDetails(courierId);
  // Nothing to show until the courier has published its details (or if they cannot be loaded).
  if (!data?.trim()) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="bank-details-heading">
      <Title order={2} size="h4" mb="sm" id="bank-details-heading">
        Bank transfer details
      </Title>
      <MultilineText text={data} size="sm" />
    </Card>
  );
}
