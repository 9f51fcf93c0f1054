// A screen whose code could not be fetched (a window left open across an update asks for files the new version
// no longer has, a dropped connection to `sello serve`): one line saying what happened and a way back, never a
// blank window. Screens are fetched when first opened (docs/decisions/0042-speed-where-people-feel-it.md).
import { Component, type ReactNode } from 'react';

interface Props {
  readonly children: ReactNode;
  /** What the person reads, in Spanish, and the button's label. */
  readonly words: { readonly failed: string; readonly reload: string };
}

export class ScreenBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p className="error" role="alert">
        {this.props.words.failed}{' '}
        <button type="button" className="primary" onClick={() => window.location.reload()}>
          {this.props.words.reload}
        </button>
      </p>
    );
  }
}
