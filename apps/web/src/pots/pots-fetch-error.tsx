import { problemDetail } from '@kitty/api-client';

import { PlainButton } from '../ui/plain-button';
import { PlainAlert } from '../ui/plain-display';

/** The pots list could not be loaded: the spec's 'Failed to fetch pots: {message}', with a retry. */
export function PotsFetchError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <PlainAlert
      type="error"
      title={`Failed to fetch pots: ${problemDetail(error) ?? 'the server could not be reached.'}`}
      action={
        <PlainButton size="small" onClick={onRetry}>
          Try again
        </PlainButton>
      }
    />
  );
}
