import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { notify } from '../../../../lib/toast';
import { downloadRatesTemplate, type TemplateFormat } from '../../api/shipping-rates';

/** Templates with the weight and cost columns, named shipping_rates_template.xlsx / .csv. */
export function TemplateButtons() {
  const [busy, setBusy] = useState<TemplateFormat | null>(null);
  const download = async (format: TemplateFormat) => {
    setBusy(format);
    try {
      await downloadRatesTemplate(format);
    } catch {
      notify.error(SETTINGS_MSG.templateFailed);
    } finally {
      setBusy(null);
    }
  };
  const button = (format: TemplateFormat, label: string) => (
    <Button variant="light" size="xs" leftSection={<IconDownload size={16} aria-hidden />} loading={busy === format} onClick={() => void download(format)}>
      {label}
    </Button>
  );
  return (
    <Group gap="xs">
      {button('excel', 'Download Excel Template')}
      {button('csv', 'Download CSV Template')}
    </Group>
  );
}
