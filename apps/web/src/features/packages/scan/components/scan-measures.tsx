import type { RefObject } from 'react';
import { SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { Service } from '@parceldesk/shared/schemas/packages';
import type { FieldErrors, Measures } from './use-scan-station';

interface ScanMeasuresProps {
  measures: Measures;
  onMeasure: (key: keyof Measures, value: string) => void;
  service: Service;
  onService: (service: Service) => void;
  errors: FieldErrors;
  weightRef: RefObject<HTMLInputElement | null>;
}

const decimal = { inputMode: 'decimal' as const, autoComplete: 'off' };

/** Scale and tape measure, in tab order; Enter in any of them saves the parcel (the form's submit). */
export function ScanMeasures({ measures, onMeasure, service, onService, errors, weightRef }: ScanMeasuresProps) {
  const field = (key: keyof Measures, label: string, extra: object = decimal) => (
    <TextInput label={label} value={measures[key]} onChange={(event) => onMeasure(key, event.currentTarget.value)} error={errors[key]} {...extra} />
  );
  return (
    <Stack gap="xs">
      <TextInput ref={weightRef} label="Weight (lb)" required value={measures.weight} onChange={(event) => onMeasure('weight', event.currentTarget.value)} error={errors.weight} {...decimal} />
      <SimpleGrid cols={3} spacing="xs">
        {field('length', 'Length (in)')}
        {field('width', 'Width (in)')}
        {field('height', 'Height (in)')}
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="xs">
        {field('pieces', 'Pieces', { inputMode: 'numeric', autoComplete: 'off' })}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="scan-service-label">Service</Text>
          <SegmentedControl
            aria-labelledby="scan-service-label"
            value={service}
            onChange={(value) => onService(value as Service)}
            data={[{ value: 'air', label: 'AIR' }, { value: 'sea', label: 'SEA' }]}
          />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
