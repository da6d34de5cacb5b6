import { Stack } from '@mantine/core';
import { ApiKeysSection } from './api-keys-section';
import { PackingConnectionSection } from './packing-connection-section';

/** Tab 9 (issue 17): API keys and the packing-system connection (docs/decisions/024-integrations.md). */
export function IntegrationsTab() {
  return (
    <Stack gap="lg">
      <ApiKeysSection />
      <PackingConnectionSection />
    </Stack>
  );
}
