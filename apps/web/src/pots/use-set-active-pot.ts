import { useSetActivePotMutation } from '@kitty/api-client';
import { useCallback } from 'react';

import { toastProblem } from '../ui/problem-toast';
import { useToast } from '../ui/toast';

/** Makes a pot the user's active pot (the one their card spends from), with the spec's toasts. */
export function useSetActivePot() {
  const toast = useToast();
  const [setActivePot, { isLoading, originalArgs }] = useSetActivePotMutation();

  const setActive = useCallback(
    async (pot: { id: string; name: string }) => {
      try {
        await setActivePot({ potId: pot.id }).unwrap();
        toast.success('Success!', `${pot.name} is now your active pot.`);
      } catch (error) {
        toastProblem(toast, error, { title: 'Failed to set active pot', detail: 'Please try again.' });
      }
    },
    [setActivePot, toast],
  );

  /** The pot being made active right now, if any. */
  const pendingPotId = isLoading ? originalArgs?.potId : undefined;
  return { setActive, pendingPotId };
}
