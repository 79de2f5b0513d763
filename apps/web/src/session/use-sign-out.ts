import { problemDetail, useSignOutMutation } from '@kitty/api-client';
import { useNavigate } from 'react-router-dom';

import { useAppDispatch } from '../app/store';
import { useToast } from '../ui/toast';
import { announceSession } from './session-broadcast';
import { endSession } from './session-slice';

/** Sign Out: the server ends the session (its refresh cookie), then this tab and the others forget it. */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const [signOutCall, { isLoading: signingOut }] = useSignOutMutation();

  const signOut = async () => {
    try {
      await signOutCall().unwrap();
    } catch (error) {
      // The server still holds the session: say so rather than pretend the user is signed out.
      toast.error('Sign out failed', problemDetail(error) ?? 'Something went wrong: Please try again later.');
      return;
    }
    navigate('/');
    endSession(dispatch, { byUser: true });
    announceSession({ type: 'signed-out' });
  };
  return { signOut, signingOut };
}
