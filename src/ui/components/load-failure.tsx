import { Alert } from './alert';
import { Button } from './button';
import { cx } from './cx';

/**
 * A read that failed: its message, and 'Try again' (busy while the read runs again, when the panel
 * keeps showing this meanwhile; a PanelBoundary shows its pending view instead).
 */
export function LoadFailure({
  message,
  onRetry,
  retrying,
  className,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div className={cx('space-y-3', className)}>
      <Alert>{message}</Alert>
      <Button variant="secondary" size="sm" onClick={onRetry} busy={retrying ?? false}>
        Try again
      </Button>
    </div>
  );
}
