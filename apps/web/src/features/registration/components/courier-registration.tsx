import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { REGISTRATION_REDIRECT_MS } from '@parceldesk/shared/constants';
import { MSG } from '@parceldesk/shared/messages';
import { ROLE_DASHBOARD } from '@parceldesk/shared/roles';
import type { ValidatedCourier } from '@parceldesk/shared/schemas/couriers';
import type { CustomerRegisterInput } from '@parceldesk/shared/schemas/registration';
import { useAuth } from '../../../lib/auth-context';
import { notify } from '../../../lib/toast';
import { publicBranchesQuery } from '../api/registration-queries';
import { useErrorToast } from '../use-error-toast';
import { RegistrationWizard } from './registration-wizard';


/** The wizard for one courier: loads its branches and signs the new customer in. */
export function CourierRegistration({ courier, apiKey }: { courier: ValidatedCourier; apiKey: string }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const branches = useQuery(publicBranchesQuery(courier.id));
  useErrorToast(branches.isError, MSG.registrationInfoFailed);

  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const register = async (payload: CustomerRegisterInput) => {
    await auth.registerCustomer({ ...payload, courierId: courier.id, api_key: apiKey });
    notify.success(MSG.registrationSuccess);
    // Spec section 2: the dashboard opens 2 seconds after success.
    redirectTimer.current = window.setTimeout(() => navigate(ROLE_DASHBOARD.customer, { replace: true }), REGISTRATION_REDIRECT_MS);
  };

  return (
    <RegistrationWizard
      supportsMembership={courier.supports_membership}
      branches={branches.data ?? []}
      branchesLoading={branches.isPending}
      onRegister={register}
    />
  );
}
