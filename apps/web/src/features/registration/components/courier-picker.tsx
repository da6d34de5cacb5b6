import { useSearchParams } from 'react-router';
import { Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@parceldesk/shared/messages';
import { publicCouriersQuery } from '../api/registration-queries';
import { useErrorToast } from '../use-error-toast';

/**
 * Opened without an api_key or courier subdomain, the page would have no courier to sign up with;
 * choosing one puts its api_key in the URL, which brands the page like a courier link would.
 */
export function CourierPicker() {
  const [params, setParams] = useSearchParams();
  const couriers = useQuery(publicCouriersQuery);
  useErrorToast(couriers.isError, MSG.registrationInfoFailed);

  const choose = (apiKey: string) => {
    if (!apiKey) return;
    const next = new URLSearchParams(params);
    next.set('api_key', apiKey);
    setParams(next);
  };

  const options = (couriers.data ?? []).map((courier) => ({ value: courier.api_key, label: courier.name }));
  return (
    <Stack gap="sm">
      <Text>Choose the courier you want to ship with to start your registration.</Text>
      <Select
        label="Courier"
        placeholder={couriers.isPending ? 'Loading couriers...' : 'Select a courier'}
        data={options}
        value={null}
        onChange={(apiKey) => choose(apiKey ?? '')}
        searchable
        comboboxProps={{ keepMounted: false }} // see FormSelect: one element per label
        nothingFoundMessage="No courier matches"
      />
    </Stack>
  );
}
