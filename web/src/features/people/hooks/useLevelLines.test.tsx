import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLevelLines } from './useLevelLines';

// jsdom has no layout: a line is as tall as its data-height says, and the test says when the
// table is resized (a ResizeObserver it can trigger).
let resize: (() => void) | null = null;
let observing = 0;
class TestResizeObserver {
  constructor(private readonly callback: () => void) {}
  observe(): void {
    observing += 1;
    resize = this.callback;
  }
  unobserve(): void {}
  disconnect(): void {
    observing -= 1;
    resize = null;
  }
}

// The setup's ResizeObserver is writable but not configurable: swap it by assignment.
const NoLayoutResizeObserver = globalThis.ResizeObserver;
function installResizeObserver(observer: typeof ResizeObserver) {
  globalThis.ResizeObserver = observer;
  window.ResizeObserver = observer;
}

beforeEach(() => {
  observing = 0;
  installResizeObserver(TestResizeObserver as unknown as typeof ResizeObserver);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const height = Number(this.dataset.height ?? 0);
    return { x: 0, y: 0, top: 0, left: 0, right: 100, bottom: height, width: 100, height, toJSON: () => ({}) };
  });
});
afterEach(() => {
  cleanup();
  installResizeObserver(NoLayoutResizeObserver);
  vi.restoreAllMocks();
});

interface Line {
  readonly line: string;
  readonly height: number;
}

/** Two cells of a row, each with a line per company, as the users tables render them. */
function Cells({ left, right }: { readonly left: readonly Line[]; readonly right: readonly Line[] }) {
  const levelLines = useLevelLines();
  const cell = (name: string, lines: readonly Line[]) => (
    <div data-testid={name}>
      {lines.map(({ line, height }) => (
        <div key={line} data-line={line} data-height={height} data-testid={`${name} ${line}`} />
      ))}
    </div>
  );
  return (
    <div ref={levelLines}>
      {cell('left', left)}
      {cell('right', right)}
    </div>
  );
}

const minHeight = (testId: string) => screen.getByTestId(testId).style.minHeight;

describe('useLevelLines', () => {
  it('gives the lines of a company the height of the tallest of them, in every cell', () => {
    render(
      <Cells
        left={[
          { line: 'u1:acme', height: 22 },
          { line: 'u1:beta', height: 22 },
        ]}
        right={[
          { line: 'u1:acme', height: 52 },
          { line: 'u1:beta', height: 22 },
          { line: 'u1:only-here', height: 30 },
        ]}
      />,
    );
    // the wrapped tags' line sets the height of its neighbour, so the next company starts level
    expect(minHeight('left u1:acme')).toBe('52px');
    expect(minHeight('right u1:acme')).toBe('52px');
    expect(minHeight('left u1:beta')).toBe('22px');
    expect(minHeight('right u1:beta')).toBe('22px');
    // a line with no neighbour keeps its own height
    expect(minHeight('right u1:only-here')).toBe('');
  });

  it('levels again when the lines change (more rows loaded, all companies shown)', async () => {
    function Growing() {
      const [more, setMore] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setMore(true)}>
            more
          </button>
          <Cells
            left={[{ line: 'u1:acme', height: 22 }, ...(more ? [{ line: 'u2:acme', height: 22 }] : [])]}
            right={[{ line: 'u1:acme', height: 22 }, ...(more ? [{ line: 'u2:acme', height: 74 }] : [])]}
          />
        </>
      );
    }
    render(<Growing />);
    expect(minHeight('left u1:acme')).toBe('22px');
    fireEvent.click(screen.getByRole('button', { name: 'more' }));
    await waitFor(() => expect(minHeight('left u2:acme')).toBe('74px'));
    expect(minHeight('right u2:acme')).toBe('74px');
    expect(minHeight('left u1:acme')).toBe('22px');
  });

  it('measures afresh when the table is resized: a line that no longer wraps gives its height back', async () => {
    render(<Cells left={[{ line: 'u1:acme', height: 22 }]} right={[{ line: 'u1:acme', height: 52 }]} />);
    expect(minHeight('left u1:acme')).toBe('52px');
    // wider: the tags fit on one line
    screen.getByTestId('right u1:acme').dataset.height = '22';
    expect(resize).not.toBeNull();
    resize?.();
    await waitFor(() => expect(minHeight('left u1:acme')).toBe('22px'));
    expect(minHeight('right u1:acme')).toBe('22px');
  });

  it('stops watching when the table goes away', () => {
    const { unmount } = render(<Cells left={[]} right={[]} />);
    expect(observing).toBe(1);
    unmount();
    expect(observing).toBe(0);
  });
});
