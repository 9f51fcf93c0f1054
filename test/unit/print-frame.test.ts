// A PDF receipt in the browser prints from a hidden frame of the page (renderer/src/print-frame.ts): the frame is
// added unseen and out of the tab order, prints once its PDF has loaded without taking the focus from the counter,
// and is gone a minute later; nothing is opened in a new tab. A fake document stands in for the page (the e2e test
// paper-counter.spec.ts runs the real one).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { printInFrame } from '../../renderer/src/print-frame';

interface FakeFrame {
  attrs: Record<string, string>;
  dataset: Record<string, string>;
  style: Record<string, string>;
  title: string;
  src: string;
  listeners: Record<string, () => void>;
  removed: boolean;
  printed: number;
  focused: number;
  contentWindow: { focus(): void; print(): void };
}

function fakeDocument() {
  const body: FakeFrame[] = [];
  const doc = {
    body: { appendChild: (f: FakeFrame) => body.push(f) },
    createElement: (tag: string): FakeFrame => {
      expect(tag).toBe('iframe');
      const f: FakeFrame = {
        attrs: {},
        dataset: {},
        style: {},
        title: '',
        src: '',
        listeners: {},
        removed: false,
        printed: 0,
        focused: 0,
        contentWindow: { focus: () => void (f.focused += 1), print: () => void (f.printed += 1) },
      };
      // The methods the helper calls, beside the fields the test reads.
      return Object.assign(f, {
        setAttribute: (k: string, v: string) => void (f.attrs[k] = v),
        addEventListener: (type: string, l: () => void) => void (f.listeners[type] = l),
        remove: () => void (f.removed = true),
      });
    },
  };
  return { doc: doc as unknown as Document, body };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a PDF receipt printed from a hidden frame', () => {
  it('adds one frame nobody sees or tabs to, on a blob of the PDF, and prints it once it loads', () => {
    const { doc, body } = fakeDocument();
    printInFrame(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), doc);
    expect(body).toHaveLength(1);
    const f = body[0]!;
    expect(f.attrs).toEqual({ 'aria-hidden': 'true', tabindex: '-1' });
    expect(f.src).toMatch(/^blob:/);
    expect(f.style).toMatchObject({ width: '0', height: '0', opacity: '0' });
    // Laid out, never display:none, or its PDF would not load and nothing would print.
    expect(f.style.display).toBeUndefined();
    expect(f.printed).toBe(0);
    f.listeners.load!();
    expect(f.printed).toBe(1);
    // The focus stays on the page: a frame that took it would swallow the next scan and F9.
    expect(f.focused).toBe(0);
  });

  it('is removed a minute later, after the print dialog has long closed', () => {
    const { doc, body } = fakeDocument();
    printInFrame(new Blob(['%PDF-1.7']), doc);
    vi.advanceTimersByTime(59_000);
    expect(body[0]!.removed).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(body[0]!.removed).toBe(true);
  });

  it('a viewer that took the focus as it loaded gives it back to the scan box', () => {
    const { doc, body } = fakeDocument();
    let focusedBox = 0;
    const box = { focus: () => void (focusedBox += 1) };
    const page = doc as unknown as { activeElement: unknown };
    page.activeElement = box;
    printInFrame(new Blob(['%PDF-1.7']), doc);
    page.activeElement = body[0];
    body[0]!.listeners.load!();
    expect(focusedBox).toBe(1);
  });

  it('a viewer that refuses print() does not break the sale: nothing is thrown', () => {
    const { doc, body } = fakeDocument();
    printInFrame(new Blob(['%PDF-1.7']), doc);
    body[0]!.contentWindow.print = () => {
      throw new Error('blocked');
    };
    expect(() => body[0]!.listeners.load!()).not.toThrow();
  });
});
