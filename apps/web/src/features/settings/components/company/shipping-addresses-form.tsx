import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { SETTINGS_MSG, shippingAddressesSchema } from '@parceldesk/shared/schemas/settings';
import { submitWithFeedback } from '../../../../lib/submit-with-feedback';
import { useUpdateShippingAddresses, type CourierSettings, type ShippingAddressesInput } from '../../api/courier-settings';

const FIELDS = ['shipping_address_air', 'shipping_address_sea'] as const;
const FORMAT_HINT = 'One line each: Name, Address Line One, Address Line Two (mailbox number), City, State, Zip';
const PLACEHOLDER = 'Name\n8450 NW 70th Street\nSuite {mailbox}\nMiami\nFL\n33166';

const valuesOf = (courier: CourierSettings): ShippingAddressesInput => ({
  shipping_address_air: courier.shipping_address_air ?? '',
  shipping_address_sea: courier.shipping_address_sea ?? '',
});

/** Tab 0: the US warehouse addresses customers ship to, six lines each (spec section 2). */
export function ShippingAddressesForm({ courier }: { courier: CourierSettings }) {
  const update = useUpdateShippingAddresses(courier.id);
  const form = useForm({ resolver: zodResolver(shippingAddressesSchema), defaultValues: valuesOf(courier) });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await submitWithFeedback(form.setError, FIELDS, () => update.mutateAsync(values).then(() => true), {
      success: SETTINGS_MSG.addressesUpdated,
      // The server's message names the missing line.
      failure: SETTINGS_MSG.addressesFailed,
    });
    if (!saved) return;
    form.reset(values);
  });

  const textarea = (name: (typeof FIELDS)[number], label: string) => (
    <Textarea
      label={label}
      description={FORMAT_HINT}
      placeholder={PLACEHOLDER}
      autosize
      minRows={6}
      maxRows={10}
      error={errors[name]?.message}
      {...form.register(name)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Shipping addresses">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Customers see these with their own name and mailbox number filled in. Write {'{mailbox}'} where the mailbox
          number goes, or it is added at the end of Address Line Two.
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {textarea('shipping_address_air', 'AIR Address')}
          {textarea('shipping_address_sea', 'SEA Address')}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Save Addresses
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
