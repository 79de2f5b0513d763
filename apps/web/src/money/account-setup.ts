import { httpStatusOf, problemOf } from '@kitty/api-client';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

import {
  BANK_ACCOUNT_REQUIRED,
  bankAccountRequiredNotice,
  isBankAccountRequired,
} from '../bank-account/bank-account-required';
import { toastProblem } from '../ui/problem-toast';
import { useToast } from '../ui/toast';

export const ACCOUNT_SETUP_REQUIRED = {
  title: 'Account Setup Required',
  detail: 'Complete your account verification to add funds.',
} as const;

/** The server refuses money movements until the payment account is verified (spec §5): 403 with this title. */
export function isAccountSetupRequired(error: unknown): boolean {
  return httpStatusOf(error) === 403 && problemOf(error)?.title === ACCOUNT_SETUP_REQUIRED.title;
}

/**
 * Shows a failed money call: an unverified account gets 'Account Setup Required' and goes to /onboarding,
 * a withdrawal without the user's own bank account 'Add your bank account first' with the link to the
 * form, a lost session 'Authentication Required', anything else the server's reason or `fallback`.
 */
export function useMoneyErrorHandler() {
  const toast = useToast();
  const navigate = useNavigate();
  return useCallback(
    (error: unknown, fallback: { title: string; detail: string }) => {
      if (isAccountSetupRequired(error)) {
        toast.error(ACCOUNT_SETUP_REQUIRED.title, problemOf(error)?.detail ?? ACCOUNT_SETUP_REQUIRED.detail);
        navigate('/onboarding');
      } else if (isBankAccountRequired(error)) {
        toast.error(BANK_ACCOUNT_REQUIRED.toastTitle, bankAccountRequiredNotice());
      } else if (httpStatusOf(error) === 401) {
        toast.error('Authentication Required', 'Please log in to add funds.');
      } else {
        toastProblem(toast, error, fallback);
      }
    },
    [navigate, toast],
  );
}
