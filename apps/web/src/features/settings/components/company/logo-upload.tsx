import { useEffect, useMemo, useState } from 'react';
import { Button, FileInput, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { errorMessage } from '../../../../lib/api-client';
import { useAuth } from '../../../../lib/auth-context';
import { notify } from '../../../../lib/toast';
import { useUploadLogo, type CourierSettings } from '../../api/courier-settings';
import { acceptOf, checkFile, LOGO_RULE } from '../file-checks';

/** An object URL for the chosen file, revoked when the file changes or the form goes away. */
function usePreviewUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

/** Tab 0: JPG, PNG or GIF up to 5 MB, previewed before it is sent (spec sections 2 and 5). */
export function LogoUpload({ courier }: { courier: CourierSettings }) {
  const auth = useAuth();
  const upload = useUploadLogo(courier.id);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const previewUrl = usePreviewUrl(file);
  const shown = previewUrl ?? courier.logo_url;

  const choose = (picked: File | null) => {
    const problem = picked ? checkFile(picked, LOGO_RULE) : null;
    setFileError(problem);
    setFile(problem ? null : picked);
  };

  const send = async () => {
    if (!file) {
      setFileError(SETTINGS_MSG.logoMissing);
      return;
    }
    try {
      await upload.mutateAsync(file);
      setFile(null);
      notify.success(SETTINGS_MSG.logoUpdated);
      // The title, favicon and sidebar logo follow the profile's courier.
      await auth.checkAuth(true);
    } catch (error) {
      notify.error(errorMessage(error, SETTINGS_MSG.logoFailed));
    }
  };

  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="md" wrap="wrap">
        <Paper withBorder w={120} h={120} p={4} style={{ display: 'grid', placeItems: 'center', flexShrink: 0 }}>
          {shown ? (
            <Image src={shown} alt={previewUrl ? 'New logo preview' : `${courier.name} logo`} fit="contain" mah={110} maw={110} />
          ) : (
            <Stack gap={2} align="center">
              <IconPhoto size={32} aria-hidden color="var(--mantine-color-dimmed)" />
              <Text size="xs" c="dimmed">No logo yet</Text>
            </Stack>
          )}
        </Paper>
        <Stack gap="xs" style={{ flex: '1 1 220px' }}>
          <FileInput
            label="Logo"
            description="JPG, PNG or GIF, at most 5MB"
            placeholder="Choose an image"
            accept={acceptOf(LOGO_RULE)}
            value={file}
            onChange={choose}
            error={fileError}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear chosen logo' }}
          />
          {file ? (
            <Group>
              <Button onClick={() => void send()} disabled={upload.isPending}>
                {upload.isPending ? 'Uploading...' : 'Upload Logo'}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Group>
    </Stack>
  );
}
