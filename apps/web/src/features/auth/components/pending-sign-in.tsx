import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while an impersonation token from the URL is being exchanged for a session. */
export function PendingSignIn() {
  return (
    <Center component="main" h="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text>Signing you in...</Text>
      </Stack>
    </Center>
  );
}
