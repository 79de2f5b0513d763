import { problemDetail } from '@kitty/api-client';
import { Alert, Button } from 'antd';

/** The pots list could not be loaded: the spec's 'Failed to fetch pots: {message}', with a retry. */
export function PotsFetchError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={`Failed to fetch pots: ${problemDetail(error) ?? 'the server could not be reached.'}`}
      action={
        <Button size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
