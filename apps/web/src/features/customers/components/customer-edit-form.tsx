import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mantine/core';
import { FormActions } from '../../../components/ui/form-actions';
import { CUSTOMER_MSG, updateCustomerSchema, type CustomerDetail, type UpdateCustomerInput } from '@parceldesk/shared/schemas/customers';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useUpdateCustomer } from '../api/customers';
import { CustomerFields } from '../../../components/forms/customer-fields';

const FIELDS = ['accountType', 'businessName', 'title', 'firstName', 'lastName', 'email', 'phone', 'trn', 'address', 'parish', 'city', 'country', 'membershipType'] as const;

const valuesOf = (c: CustomerDetail): UpdateCustomerInput => ({
  accountType: c.accountType,
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
  membershipType: c.membershipType as UpdateCustomerInput['membershipType'],
});

export function CustomerEditForm({ customer }: { customer: CustomerDetail }) {
  const update = useUpdateCustomer(customer.id);
  const form = useForm<UpdateCustomerInput>({ resolver: zodResolver(updateCustomerSchema), defaultValues: valuesOf(customer) });

  const onSubmit = form.handleSubmit(async (values) => {
    const isBusiness = values.accountType === 'business';
    await submitWithFeedback(form.setError, FIELDS, () => update.mutateAsync({ ...values, businessName: isBusiness ? values.businessName : null, title: isBusiness ? null : values.title }), {
      // A new email applies once the customer opens the link sent to it (issue 15): say so.
      success: (saved) => (saved.email.toLowerCase() === values.email.toLowerCase() ? CUSTOMER_MSG.updated : CUSTOMER_MSG.emailChangeSent),
      failure: 'Failed to update customer',
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit customer">
      <Stack gap="sm">
        <CustomerFields form={form} />
        <FormActions submitLabel="Save Changes" submitting={form.formState.isSubmitting} />
      </Stack>
    </form>
  );
}
