import { useResendVerificationEmailMutation } from '@kitty/api-client';

import { useAppSelector } from '../app/store';
import { selectCurrentUser } from '../session/session-slice';
import { PlainButton } from '../ui/plain-button';
import { PlainAlert } from '../ui/plain-display';
import { toastProblem } from '../ui/problem-toast';
import { useToast } from '../ui/toast';

/** Shown to a signed-in user whose address is not confirmed yet: what waits for it, and another link. */
export default function VerifyEmailBanner() {
  const user = useAppSelector(selectCurrentUser);
  const toast = useToast();
  const [resend, { isLoading }] = useResendVerificationEmailMutation();
  if (!user || user.emailVerified) return null;

  const onResend = async () => {
    try {
      await resend().unwrap();
      toast.success('E-mail sent', `Check ${user.email} for a new confirmation link.`);
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  return (
    <PlainAlert
      className="verify-email-banner"
      type="warning"
      role="status"
      title="Confirm your e-mail address"
      description={`We sent a link to ${user.email}. Until you follow it you can look around and create pots, but not add funds, withdraw, invite friends or request top-ups.`}
      action={
        <PlainButton size="small" onClick={() => void onResend()} loading={isLoading}>
          Resend e-mail
        </PlainButton>
      }
    />
  );
}
