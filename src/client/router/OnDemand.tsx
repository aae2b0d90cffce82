import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { feedback } from '../api/feedback';
import { t } from '../locale/zh-CN';
import { ChunkTimeoutError, retryFailedLoad } from './lazy';

interface Props {
  /** True while the part is wanted (a dialog open): the first time mounts it. */
  when: boolean;
  /** The part, usually an `onDemand` component. */
  children: ReactNode;
  /** What shows while its code loads; nothing by default (a dialog appears once it is here). */
  fallback?: ReactNode;
  /** Its code did not arrive: the caller closes it (the user was told with a message). */
  onFailed?: () => void;
}

interface State {
  mounted: boolean;
  failed: boolean;
}

/**
 * Mounts a part the first time it is wanted and keeps it mounted afterwards, so a closing dialog or
 * drawer still animates out and keeps antd's focus handling. A part whose code fails to load is
 * reported with a message and unmounted; the next time it is wanted it loads again.
 */
export class OnDemand extends Component<Props, State> {
  override state: State = { mounted: false, failed: false };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (!props.when) return state.failed ? { failed: false } : null;
    return state.mounted || state.failed ? null : { mounted: true };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { mounted: false, failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('功能加载失败', error, info.componentStack);
    retryFailedLoad(error);
    feedback().message.error(
      error instanceof ChunkTimeoutError ? t.shell.guard.partTimeout : t.shell.guard.partFailed,
    );
    this.props.onFailed?.();
  }

  override render() {
    if (!this.state.mounted) return null;
    return <Suspense fallback={this.props.fallback ?? null}>{this.props.children}</Suspense>;
  }
}
