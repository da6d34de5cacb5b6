import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/toast';

interface Remover {
  mutateAsync: (id: string) => Promise<unknown>;
  isPending: boolean;
}

/**
 * A row's Delete button asks first (ConfirmModal), then deletes and says so; a failure keeps the
 * question open with the server's reason in a toast. Spread `modal` into the ConfirmModal.
 */
export function useConfirmedDelete<T extends { id: string }>(remove: Remover, messages: { deleted: string; failed: string }) {
  const [target, setTarget] = useState<T | null>(null);
  const confirm = async () => {
    if (!target) return;
    try {
      await remove.mutateAsync(target.id);
      notify.success(messages.deleted);
      setTarget(null);
    } catch (error) {
      notify.error(errorMessage(error, messages.failed));
    }
  };
  return {
    ask: setTarget,
    modal: {
      opened: target !== null,
      confirmLabel: 'Delete',
      danger: true,
      isWorking: remove.isPending,
      onConfirm: () => void confirm(),
      onCancel: () => setTarget(null),
    },
  };
}
