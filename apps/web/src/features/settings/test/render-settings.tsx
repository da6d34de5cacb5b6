import type { ReactNode } from 'react';
import { renderWithProviders } from '../../../test/render';

/** The shared test providers, starting on the settings page unless told. */
export function renderSettings(ui: ReactNode, { route = '/admin/settings' }: { route?: string } = {}) {
  return renderWithProviders(ui, { route });
}

/** A file of `size` bytes without allocating them all (File reads its size from the parts). */
export function fakeFile(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
