import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Anchor, Box, Button, Card, Container, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { APP_NAME } from '@parceldesk/shared/constants';
import { CARRIER_LABELS, trackingProblem } from '@parceldesk/shared/domain/packages';
import { SERVICE_LABELS, type TrackingResult } from '@parceldesk/shared/schemas/packages';
import { DetailList } from '../../../components/ui/detail-list';
import { config } from '../../../config';
import { api, errorMessage } from '../../../lib/api-client';
import { withApiKey } from '../../../lib/api-key-path';
import { useBranding } from '../../../lib/branding';
import { PackageStatusBadge } from './package-status-badge';
import { PackageTimeline } from './package-timeline';

/** The courier's portal link names it (api_key or subdomain); the lookup is within that courier. */
const trackPath = (number: string, apiKey: string) => `/track/${encodeURIComponent(number.trim())}?api_key=${encodeURIComponent(apiKey)}`;

/**
 * /track (served as /courier/track): anyone holding a tracking or package number sees where the
 * parcel is, in customer wording, outside the sign-in; branded like the login page (issue 11).
 */
export function PublicTrackingPage() {
  const { courier, apiKey, loading } = useBranding();
  const [params, setParams] = useSearchParams();
  const number = params.get('number') ?? '';
  const [typed, setTyped] = useState(number);
  const [problem, setProblem] = useState<string | null>(null);
  const result = useQuery({
    queryKey: ['track', number, apiKey],
    queryFn: ({ signal }) => api<TrackingResult>(trackPath(number, apiKey ?? ''), { signal, noSessionHandling: true }),
    enabled: number !== '' && !!apiKey,
    retry: false,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issue = trackingProblem(typed);
    setProblem(issue);
    if (issue) return;
    const next = new URLSearchParams(params);
    next.set('number', typed.trim());
    setParams(next);
  };

  const name = courier?.name ?? APP_NAME;
  return (
    <Box component="main" mih="100vh" bg="gray.0" py={{ base: 'md', sm: 'xl' }}>
      <Container size="sm" px={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <Stack gap={4} align="center">
                <Image src={courier?.logo_url || config.defaultLogo} fallbackSrc={config.defaultLogo} alt={`${name} logo`} h={64} w="auto" fit="contain" />
                <Title order={1} size="h2" ta="center">Track a package</Title>
                <Text c="dimmed" size="sm" ta="center">{name}</Text>
              </Stack>
              <form onSubmit={submit} noValidate aria-label="Track a package">
                <Group align="flex-end" gap="sm" wrap="wrap">
                  <TextInput
                    label="Tracking or package number"
                    placeholder="e.g. 1Z999AA10123456784"
                    value={typed}
                    onChange={(event) => setTyped(event.currentTarget.value)}
                    error={problem}
                    autoComplete="off"
                    data-autofocus
                    style={{ flex: '1 1 14rem', minWidth: 0 }}
                  />
                  <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} loading={result.isFetching}>
                    Track
                  </Button>
                </Group>
              </form>
            </Stack>
          </Paper>
          {!loading && !apiKey ? (
            <Alert color="yellow" title="Which courier?">
              Open this page from your courier's link (it carries the courier's key), or from its own web address.
            </Alert>
          ) : null}
          {number && result.isError ? (
            <Alert color="red" title={`No package found for ${number}`} role="alert">
              {errorMessage(result.error, 'Please check the number and try again.')}
            </Alert>
          ) : null}
          {result.data ? <TrackingResultCard tracking={result.data} /> : null}
          <Text size="sm" ta="center">
            <Anchor component={Link} to={withApiKey('/login', apiKey)}>Sign in to your account</Anchor>
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

function TrackingResultCard({ tracking }: { tracking: TrackingResult }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="tracking-result-heading" aria-live="polite">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h3" id="tracking-result-heading" style={{ overflowWrap: 'anywhere' }}>
            {tracking.packageNumber}
          </Title>
          <PackageStatusBadge status={tracking.status} wording="customer" />
        </Group>
        <Text>{tracking.nextStep}</Text>
        <DetailList
          items={[
            { label: 'Tracking number', value: tracking.trackingNumber },
            { label: 'Carrier', value: CARRIER_LABELS[tracking.carrier] },
            { label: 'Service', value: SERVICE_LABELS[tracking.service] },
            { label: 'For', value: tracking.recipientInitial },
            { label: 'Courier', value: tracking.courierName },
          ]}
        />
        <PackageTimeline steps={tracking.events.map((event, index) => ({ ...event, id: String(index) }))} wording="customer" />
      </Stack>
    </Card>
  );
}
