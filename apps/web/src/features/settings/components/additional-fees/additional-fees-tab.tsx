import { useAdditionalFees } from '../../api/additional-fees';
import { QuerySection } from '../../../../components/ui/query-state';
import { AdditionalFeesForm } from './additional-fees-form';

/** Tab 2 (Additional Fees). */
export function AdditionalFeesTab() {
  const query = useAdditionalFees();
  return (
    <QuerySection id="fees" title="Additional Fees" query={query} what="the additional fees">
      {(fees) => <AdditionalFeesForm fees={fees} />}
    </QuerySection>
  );
}
