import { useEffect, useRef, useState } from 'react';
import { Alert, Modal, Stack, Text } from '@mantine/core';
import { createBarcodeReader } from './barcode-reader';

interface CameraScanModalProps {
  opened: boolean;
  onClose: () => void;
  onDetected: (code: string) => void;
}

const FRAME_INTERVAL_MS = 200;

/** The phone camera as a scanner: the back camera's video, read a few times a second until a code is found. */
export function CameraScanModal({ opened, onClose, onDetected }: CameraScanModalProps) {
  const video = useRef<HTMLVideoElement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onDetectedRef = useRef(onDetected);
  onDetectedRef.current = onDetected;

  useEffect(() => {
    if (!opened) return undefined;
    let stream: MediaStream | null = null;
    let timer = 0;
    let isStopped = false;
    setProblem(null);
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem('This browser cannot use a camera here (it needs HTTPS). Use a barcode scanner or type the number.');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        setProblem('The camera could not be opened. Allow camera access for this site, or type the number.');
        return;
      }
      if (isStopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const reader = await createBarcodeReader();
      const tick = async () => {
        if (isStopped || !video.current) return;
        const code = video.current.readyState >= 2 ? await reader.decode(video.current).catch(() => null) : null;
        if (code && !isStopped) {
          onDetectedRef.current(code);
          return;
        }
        timer = window.setTimeout(() => void tick(), FRAME_INTERVAL_MS);
      };
      void tick();
    })();
    return () => {
      isStopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onClose} title="Scan with the camera" size="lg">
      <Stack gap="sm">
        {problem ? <Alert color="yellow">{problem}</Alert> : null}
        <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8, background: '#000', aspectRatio: '4 / 3' }} aria-label="Camera view" />
        <Text size="sm" c="dimmed">Hold the parcel&apos;s barcode inside the picture; it is read as soon as it is sharp.</Text>
      </Stack>
    </Modal>
  );
}
