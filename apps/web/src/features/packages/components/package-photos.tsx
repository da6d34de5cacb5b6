import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, FileButton, Group, Image, Loader, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCamera, IconDownload } from '@tabler/icons-react';
import { PACKAGE_MSG, PACKAGE_PHOTO_MAX_BYTES, PACKAGE_PHOTOS_MAX, type PackageFile } from '@parceldesk/shared/schemas/packages';
import { errorMessage } from '../../../lib/api-client';
import { downloadFile, fetchFileBlob } from '../../../lib/download-file';
import { notify } from '../../../lib/toast';
import { useAddPackagePhoto } from '../api/packages';
import { filePath } from './package-files';

/** A photo needs the bearer token, so it is fetched as a blob and shown from an object URL. */
function usePhotoUrl(photo: PackageFile): { url: string | null; failed: boolean } {
  const blob = useQuery({ queryKey: ['packages', 'photo', photo.id], queryFn: () => fetchFileBlob(filePath(photo.url)), staleTime: Infinity });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return undefined;
    const objectUrl = URL.createObjectURL(blob.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  return { url, failed: blob.isError };
}

function Thumbnail({ photo, index, onOpen }: { photo: PackageFile; index: number; onOpen: () => void }) {
  const { url, failed } = usePhotoUrl(photo);
  return (
    <UnstyledButton onClick={onOpen} aria-label={`Open photo ${index + 1} (${photo.fileName}) full size`} style={{ borderRadius: 8, overflow: 'hidden' }}>
      <Box h={96} bg="gray.1" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {url ? <Image src={url} alt={`Photo ${index + 1} of the package`} h={96} w="100%" fit="cover" />
          : failed ? <Text size="xs" c="red">Could not load</Text> : <Loader size="xs" aria-label="Loading photo" />}
      </Box>
    </UnstyledButton>
  );
}

function FullSizePhoto({ photo, index }: { photo: PackageFile; index: number }) {
  const { url, failed } = usePhotoUrl(photo);
  const download = async () => {
    try {
      await downloadFile(filePath(photo.url), { fallbackName: photo.fileName, fileName: photo.fileName });
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to download the photo'));
    }
  };
  return (
    <Stack gap="sm">
      {url ? <Image src={url} alt={`Photo ${index + 1} of the package, full size`} fit="contain" mah="75vh" />
        : failed ? <Text c="red" role="alert">The photo could not be loaded.</Text> : <Loader aria-label="Loading photo" />}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">{photo.fileName}</Text>
        <Button variant="default" size="compact-sm" leftSection={<IconDownload size={14} aria-hidden />} onClick={() => void download()}>Download</Button>
      </Group>
    </Stack>
  );
}

/** The package's photos as thumbnails; a click (or Enter) opens one full size. */
export function PackagePhotos({ photos, empty = 'No photos of this package yet.' }: { photos: readonly PackageFile[]; empty?: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return <Text c="dimmed" size="sm">{empty}</Text>;
  const current = open === null ? null : photos[open] ?? null;
  return (
    <>
      <SimpleGrid cols={{ base: 3, sm: 4, md: 6 }} spacing="xs">
        {photos.map((photo, index) => <Thumbnail key={photo.id} photo={photo} index={index} onOpen={() => setOpen(index)} />)}
      </SimpleGrid>
      <Modal opened={current !== null} onClose={() => setOpen(null)} title={open === null ? '' : `Photo ${open + 1} of ${photos.length}`} size="xl" centered>
        {current && open !== null ? <FullSizePhoto photo={current} index={open} /> : null}
      </Modal>
    </>
  );
}

interface AddPhotosButtonProps {
  packageId: string;
  /** Photos the package has already (at most PACKAGE_PHOTOS_MAX). */
  photoCount: number;
  /** On the scan station a phone opens its rear camera straight away. */
  capture?: boolean;
  label?: string;
  /** Told how many photos went in, for a screen that keeps its own count (the scan station). */
  onAdded?: (count: number) => void;
}

/** Choose (or take) one or more JPG/PNG photos; each is sent on its own and the server resizes it. */
export function AddPhotosButton({ packageId, photoCount, capture = false, label = 'Add photos', onAdded }: AddPhotosButtonProps) {
  const add = useAddPackagePhoto(packageId);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const resetRef = useRef<() => void>(null);
  const room = Math.max(0, PACKAGE_PHOTOS_MAX - photoCount);
  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    setBusy(true);
    const failures: string[] = [];
    let added = 0;
    for (const [index, file] of files.entries()) {
      if (index >= room) {
        failures.push(`${file.name}: ${PACKAGE_MSG.photoLimit}`);
        continue;
      }
      if (file.size > PACKAGE_PHOTO_MAX_BYTES) {
        failures.push(`${file.name}: ${PACKAGE_MSG.photoTooLarge}`);
        continue;
      }
      try {
        await add.mutateAsync(file);
        added += 1;
      } catch (error) {
        failures.push(`${file.name}: ${errorMessage(error, 'Failed to upload the photo')}`);
      }
    }
    setBusy(false);
    resetRef.current?.();
    setProblems(failures);
    if (added > 0) onAdded?.(added);
    if (added > 0) notify.success(added === 1 ? PACKAGE_MSG.photoAdded : `${added} photos added`);
    if (failures.length > 0) notify.error(failures.length === 1 ? 'A photo was not added' : `${failures.length} photos were not added`);
  };
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <FileButton resetRef={resetRef} onChange={(files) => void upload(files)} accept={capture ? 'image/*' : 'image/jpeg,image/png'} multiple capture={capture ? 'environment' : undefined}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconCamera size={16} aria-hidden />} loading={busy} disabled={room === 0}>{label}</Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">{room === 0 ? PACKAGE_MSG.photoLimit : `JPG or PNG, less than 10MB each; up to ${room} more`}</Text>
      </Group>
      {problems.length > 0 ? (
        <Alert color="red" role="alert" title="Not added">
          <Stack gap={2}>{problems.map((problem) => <Text key={problem} size="sm">{problem}</Text>)}</Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
