import { Alert, Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../locale/zh-CN';
import { ChunkTimeoutError } from './lazy';
import { pageNavigation } from './navigation';

interface Props {
  children: ReactNode;
  /** Defaults to reloading the page (a React.lazy that failed cannot be asked again). */
  onRetry?: () => void;
}

/** Shows a clear message and a retry button when a page chunk times out or fails to load. */
export class ChunkBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('页面加载失败', error, info.componentStack);
  }

  private retry = () => {
    this.setState({ error: null });
    if (this.props.onRetry) this.props.onRetry();
    else pageNavigation.reload();
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const timeout = error instanceof ChunkTimeoutError;
    // An Alert, not a Result: this fallback is in every page's first load, and Result carries large illustrations.
    return (
      <Alert
        type="warning"
        showIcon
        style={{ margin: 24 }}
        message={timeout ? t.shell.guard.chunkTimeout : t.shell.guard.chunkFailed}
        action={
          <Button type="primary" onClick={this.retry}>
            {t.shell.guard.retry}
          </Button>
        }
      />
    );
  }
}
