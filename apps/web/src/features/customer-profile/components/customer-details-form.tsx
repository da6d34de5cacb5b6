import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { FormActions } from '../../../components/ui/form-actions';
import { MSG } from '@parceldesk/shared/messages';
import { PARISHES, TITLES } from '@parceldesk/shared/constants';
import type { CustomerProfile } from '@parceldesk/shared/schemas/auth';
import { updateOwnCustomerProfileSchema, type UpdateOwnCustomerProfileInput } from '@parceldesk/shared/schemas/customers';
import { useAuth } from '../../../lib/auth-context';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
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
  const { errors, isSubmitting } = form.formState;

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
        {isBusiness ? (
          <TextInput label="Business Name" required error={errors.businessName?.message} {...form.register('businessName')} />
        ) : (
          <Controller
            control={form.control}
            name="title"
            render={({ field, fieldState }) => (
              <NativeSelect
                label="Title"
                required
                data={[{ value: '', label: 'Choose a title' }, ...TITLES.map((t) => ({ value: t, label: t }))]}
                ref={field.ref}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="First Name" autoComplete="given-name" required error={errors.firstName?.message} {...form.register('firstName')} />
          <TextInput label="Last Name" autoComplete="family-name" required error={errors.lastName?.message} {...form.register('lastName')} />
          <TextInput label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
          <TextInput label="Phone" type="tel" autoComplete="tel" required error={errors.phone?.message} {...form.register('phone')} />
          <TextInput label="TRN" required error={errors.trn?.message} {...form.register('trn')} />
        </SimpleGrid>
        <TextInput label="Street Address" autoComplete="street-address" required error={errors.address?.message} {...form.register('address')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="City" autoComplete="address-level2" required error={errors.city?.message} {...form.register('city')} />
          <Controller
            control={form.control}
            name="parish"
            render={({ field, fieldState }) => (
              <NativeSelect
                label="Parish"
                required
                data={[{ value: '', label: 'Choose a parish' }, ...PARISHES.map((p) => ({ value: p, label: p }))]}
                ref={field.ref}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <TextInput label="Country" autoComplete="country-name" error={errors.country?.message} {...form.register('country')} />
        </SimpleGrid>
        <FormActions submitLabel="Save Changes" submitting={isSubmitting} />
      </Stack>
    </form>
  );
}
