import { Card, Title } from '@mantine/core';
import { useAdditionalFees } from '../../api/additional-fees';
import { QueryState } from '../../../../components/ui/query-state';
import { AdditionalFeesForm } from './additional-fees-form';

/** Tab 2 (Additional Fees). */
export function AdditionalFeesTab() {
  const query = useAdditionalFees();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="fees-heading">
      <Title order={2} size="h4" mb="md" id="fees-heading">
        Additional Fees
      </Title>
      <QueryState query={query} what="the additional fees">
        {(fees) => <AdditionalFeesForm fees={fees} />}
      </QueryState>
    </Card>
  );
}
