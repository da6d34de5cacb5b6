import { useEffect, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Stack, Tabs, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { useAuth } from '../../../lib/auth-context';
import { AdditionalFeesTab } from './additional-fees/additional-fees-tab';
import { BankDetailsTab } from './bank-details/bank-details-tab';
import { ChangePasswordForm } from './change-password/change-password-form';
import { CompanyTab } from './company/company-tab';
import { EmailConfigTab } from './email-config/email-config-tab';
import { IntegrationsTab } from './integrations/integrations-tab';
import { CustomsSettingsSection } from './pricing/customs-settings-form';
import { ExchangeSeaSection } from './pricing/exchange-sea-form';
import { StorageRulesSection } from './pricing/storage-rules-form';
import { ProcessingFeesTab } from './processing-fees/processing-fees-tab';
import { RateSheetTab } from './rate-sheet/rate-sheet-tab';
import { SETTINGS_TABS, tabFromSearch } from './settings-tabs';
import { ShippingRatesTab } from './shipping-rates/shipping-rates-tab';
import { WebhooksTab } from './webhooks/webhooks-tab';

function panels(courierId: string): ReactNode[] {
  return [
    <CompanyTab courierId={courierId} />,
    <Stack gap="lg">
      <ShippingRatesTab courierId={courierId} />
      <ExchangeSeaSection />
    </Stack>,
    <Stack gap="lg">
      <AdditionalFeesTab />
      <StorageRulesSection />
      <CustomsSettingsSection />
    </Stack>,
    <ProcessingFeesTab />,
    <BankDetailsTab courierId={courierId} />,
    <EmailConfigTab courierId={courierId} />,
    <RateSheetTab courierId={courierId} />,
    <ChangePasswordForm />,
    <WebhooksTab />,
    <IntegrationsTab />,
  ];
}

/**
 * /admin/settings: the eight tabs a courier admin fills in before the first package arrives.
 * The open tab lives in the URL (?tab=0..7) so a reload or a shared link opens it again.
 */
export function SettingsPage() {
  const { user } = useAuth();
  const [search, setSearch] = useSearchParams();
  const active = String(tabFromSearch(search.get('tab')));
  const courierId = user?.courier?.id ?? null;
  // Wide screens show every tab (wrapping if need be); narrow ones scroll the list sideways.
  const isWide = useMediaQuery('(min-width: 62em)');
  const listRef = useRef<HTMLDivElement>(null);

  // A tab opened from the URL may sit off-screen in the scrolling list on a phone: bring it into view.
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active, isWide]);

  const select = (value: string | null) => {
    if (value === null) return;
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.set('tab', value);
      return next;
    }, { replace: true });
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Settings
      </Title>
      {!courierId ? (
        <Alert color="red" title="Settings unavailable">
          {SETTINGS_MSG.courierMissing}
        </Alert>
      ) : (
        // Panels mount only while open, so each tab loads its data when first shown.
        <Tabs value={active} onChange={select} keepMounted={false}>
          <Tabs.List
            ref={listRef}
            aria-label="Settings sections"
            style={isWide ? undefined : { flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'thin' }}
          >
            {SETTINGS_TABS.map((label, index) => (
              <Tabs.Tab key={label} value={String(index)} style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                {label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {panels(courierId).map((panel, index) => (
            <Tabs.Panel key={SETTINGS_TABS[index]} value={String(index)} pt="md">
              {panel}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}
