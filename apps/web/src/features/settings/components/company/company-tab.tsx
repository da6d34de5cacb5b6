import { Card, Stack, Title } from '@mantine/core';
import { useCourierSettings } from '../../api/courier-settings';
import { QueryState } from '../../../../components/ui/query-state';
import { CompanyInfoForm } from './company-info-form';
import { LogoUpload } from './logo-upload';
import { ShippingAddressesForm } from './shipping-addresses-form';

/** Tab 0: company info, logo and shipping addresses. */
export function CompanyTab({ courierId }: { courierId: string }) {
  const query = useCourierSettings(courierId);
  return (
    <QueryState query={query} what="the company settings" rows={6}>
      {(courier) => (
        <Stack gap="lg">
          <Card withBorder padding="lg" component="section" aria-labelledby="company-info-heading">
            <Title order={2} size="h4" mb="md" id="company-info-heading">
              Company Information
            </Title>
            <Stack gap="lg">
              <LogoUpload courier={courier} />
              {/* Keyed by the saved values so a refetch after saving starts the form from them. */}
              <CompanyInfoForm key={`${courier.name}|${courier.admin?.email ?? ''}`} courier={courier} />
            </Stack>
          </Card>
          <Card withBorder padding="lg" component="section" aria-labelledby="addresses-heading">
            <Title order={2} size="h4" mb="md" id="addresses-heading">
              Shipping Addresses
            </Title>
            <ShippingAddressesForm key={`${courier.shipping_address_air ?? ''}|${courier.shipping_address_sea ?? ''}`} courier={courier} />
          </Card>
        </Stack>
      )}
    </QueryState>
  );
}
