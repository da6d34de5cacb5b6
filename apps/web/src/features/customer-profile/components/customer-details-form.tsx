import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mantine/core';
import { FormActions } from '../../../components/ui/form-actions';
import { MSG } from '@parceldesk/shared/messages';
import { TITLES } from '@parceldesk/shared/constants';
import type { CustomerProfile } from '@parceldesk/shared/schemas/auth';
import { updateOwnCustomerProfileSchema, type UpdateOwnCustomerProfileInput } from '@parceldesk/shared/schemas/customers';
import { useAuth } from '../../../lib/auth-context';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { CustomerFields } from '../../../components/forms/customer-fields';
import { useUpdateCustomerProfile } from '../api/update-customer-profile';

const FIELDS = ['businessName', 'title', 'firstName', 'lastName', 'email', 'phone', 'trn', 'address', 'parish', 'city', 'country'] as const;

const valuesOf = (c: CustomerProfile): UpdateOwnCustomerProfileInput => ({
  businessName: c.businessName ?? '',
  title: c.title ?? '',
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  phone: c.phone,
  trn: c.trn,
  address: c.address,
  parish: c.parish,
  city: c.city,
  country: c.country,
});

/** The customer's own details; account type and membership are shown but changed by the courier. */
export function CustomerDetailsForm({ customer }: { customer: CustomerProfile }) {
  const { setCustomer } = useAuth();
  const update = useUpdateCustomerProfile();
  const isBusiness = customer.accountType === 'business';
  const form = useForm<UpdateOwnCustomerProfileInput>({ resolver: zodResolver(updateOwnCustomerProfileSchema), defaultValues: valuesOf(customer) });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    // Title belongs to individuals and business name to businesses (spec section 5).
    if (isBusiness && !values.businessName?.trim()) {
      form.setError('businessName', { type: 'required', message: MSG.businessNameRequired });
      return;
    }
    if (!isBusiness && !(TITLES as readonly string[]).includes(values.title ?? '')) {
      form.setError('title', { type: 'required', message: MSG.titleRequired });
      return;
    }
    const result = await submitWithFeedback(
      form.setError, FIELDS,
      () => update.mutateAsync({ ...values, businessName: isBusiness ? values.businessName : null, title: isBusiness ? null : values.title }),
      // The server says when a new email waits for its confirmation link (issue 15).
      { success: (saved) => saved.message || MSG.profileUpdated, failure: MSG.profileUpdateFailed },
    );
    if (!result) return;
    setCustomer(result.customer);
    form.reset(valuesOf(result.customer));
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Profile details">
      <Stack gap="sm">
        <CustomerFields form={form} ownAccountType={customer.accountType} />
        <FormActions submitLabel="Save Changes" submitting={isSubmitting} />
      </Stack>
    </form>
  );
}
