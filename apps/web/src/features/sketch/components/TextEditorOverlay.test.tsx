import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TextElement } from '@penstock/shared';
import { TextEditorOverlay } from './TextEditorOverlay.tsx';

const text: TextElement = {
  id: 't',
  tool: 'text',
  x: 10,
  y: 20,
  rotation: 0,
  scaleX: 1,
  scaleY: 1,
  text: 'please type here',
  fontSize: 20,
  colour: 'black',
};

function renderEditor() {
  const onCommit = vi.fn();
  const onCancel = vi.fn();
  render(
    <TextEditorOverlay
      element={text}
      stage={{ scale: 2, x: 5, y: 6 }}
      onCommit={onCommit}
      onCancel={onCancel}
    />,
  );
  const box = screen.getByLabelText('Edit text');
  // the default text starts selected, so typing replaces it
  expect((box as HTMLTextAreaElement).selectionEnd - (box as HTMLTextAreaElement).selectionStart).toBe(
    text.text.length,
  );
  return { onCommit, onCancel, box };
}

describe('inline text editing', () => {
  it('sits over the text at the view scale and commits with Enter', async () => {
    const { onCommit, box } = renderEditor();
    expect(box).toHaveFocus();
    expect(box).toHaveStyle({ left: '25px', top: '46px', fontSize: '40px' });
    await userEvent.type(box, 'P-101{Enter}', { skipClick: true });
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('P-101');
  });

  it('starts a new line with Shift+Enter', async () => {
    const { onCommit, box } = renderEditor();
    await userEvent.type(box, 'FV-101{Shift>}{Enter}{/Shift}DN150{Enter}', { skipClick: true });
    expect(onCommit).toHaveBeenCalledWith('FV-101\nDN150');
  });

  it('cancels with Escape and commits once on a click elsewhere', async () => {
    const first = renderEditor();
    await userEvent.type(first.box, 'changed{Escape}', { skipClick: true });
    expect(first.onCancel).toHaveBeenCalledOnce();
    expect(first.onCommit).not.toHaveBeenCalled();
    cleanup();

    const second = renderEditor();
    await userEvent.type(second.box, 'kept', { skipClick: true });
    fireEvent.blur(second.box);
    fireEvent.blur(second.box);
    expect(second.onCommit).toHaveBeenCalledExactlyOnceWith('kept');
  });
});
