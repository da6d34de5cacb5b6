import { useSearchParams } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@parceldesk/shared/messages';
import { useBranding } from '../../../lib/branding';
import { courierByKeyQuery } from '../api/registration-queries';
import { useErrorToast } from '../use-error-toast';
import { CourierPicker } from './courier-picker';
import { CourierRegistration } from './courier-registration';
import { RegistrationLayout } from './registration-layout';

/**
 * /register: the courier comes from ?api_key=, else the branding (stored key or subdomain).
 * It is looked up here too, because the branding context cannot tell "still loading a new key"
 * from "that key is unknown", and an unknown key must toast and fall back to the picker.
 */
export function RegistrationPage() {
  const [params] = useSearchParams();
  const branding = useBranding();
  const apiKey = params.get('api_key') ?? branding.apiKey;
  const courier = useQuery({ ...courierByKeyQuery(apiKey ?? ''), enabled: Boolean(apiKey) });
  useErrorToast(courier.isError, MSG.registrationInfoFailed);

  if (branding.loading || courier.isLoading) {
    return (
      <Center h="100vh" role="status">
        <Loader aria-label="Loading registration" />
      </Center>
    );
  }
  if (!apiKey || !courier.data) {
    return (
      <RegistrationLayout courier={null} apiKey={null}>
        <CourierPicker />
      </RegistrationLayout>
    );
  }
  return (
    <RegistrationLayout courier={courier.data} apiKey={apiKey}>
      <CourierRegistration key={courier.data.id} courier={courier.data} apiKey={apiKey} />
    </RegistrationLayout>
  );
}
