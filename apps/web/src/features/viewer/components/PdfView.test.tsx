import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render.tsx';
import { mockFetch } from '../../../test/fetchMock.ts';
import { PROJECT_ID } from '../../../test/fixtures.ts';
import { initialAppState } from '../../../base/store.tsx';
import { ViewerEngineProvider } from '../engine.tsx';
import { fakeEngine, fakeModelViewer, fakePdfViewer } from '../test/fakeViewers.ts';
import { PdfView, looksLikeTag, pageNames } from './PdfView.tsx';

const viewables = [0, 1, 2].map((page) => ({
  guid: `g${page}`,
  name: `Page ${page + 1}`,
  role: '2d' as const,
  page,
}));

function renderPdf() {
  const pdf = fakePdfViewer(3);
  renderWithProviders(
    <ViewerEngineProvider engine={fakeEngine(fakeModelViewer(), pdf)}>
      <PdfView contentUrl="/api/versions/v.1/content" viewables={viewables} />
    </ViewerEngineProvider>,
  );
  return pdf;
}

const modelInfo = {
  versionId: 'v.1',
  itemId: 'i.1',
  projectId: PROJECT_ID,
  projectName: 'Works',
  fileName: 'P&ID.pdf',
  fileType: 'pdf',
  conversion: { state: 'done', progress: 100, error: null },
  objectCount: 0,
  viewables,
};

const current = () => screen.getByRole('button', { current: 'page' }).textContent;

describe('PDF view', () => {
  it('names pages from the viewables, else Page n', () => {
    expect(pageNames(viewables, 3)).toEqual(['Page 1', 'Page 2', 'Page 3']);
    expect(pageNames([], 2)).toEqual(['Page 1', 'Page 2']);
  });

  it('lists the pages; clicking one loads it', async () => {
    const pdf = renderPdf();
    await screen.findByText('Page 1 of 3');
    expect(pdf.open).toHaveBeenCalledWith('/api/versions/v.1/content');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(pdf.showPage).toHaveBeenLastCalledWith(2);
    expect(current()).toBe('Page 3');
  });

  it('moves by one page with Previous and Next and stays within the range', async () => {
    const pdf = renderPdf();
    await screen.findByText('Page 1 of 3');
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toBeDisabled();
    await userEvent.click(next);
    await userEvent.click(next);
    expect(pdf.showPage.mock.calls.map(([index]) => index)).toEqual([1, 2]);
    expect(next).toBeDisabled();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    await userEvent.click(previous);
    expect(pdf.showPage).toHaveBeenLastCalledWith(1);
    expect(current()).toBe('Page 2');
  });

  it('hides and shows the page list (the side pane)', async () => {
    renderPdf();
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Pages' }));
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('opens the page list and the Markup Panel one at a time', async () => {
    renderPdf();
    await screen.findByText('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Pages' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Markup tools' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Load markups' }));
    expect(screen.getByRole('button', { name: 'Pages' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('takes a clicked P&ID tag to the open models and says when none has it', async () => {
    const pdf = renderPdf();
    await screen.findByText('Page 1 of 3');
    pdf.textAt.mockResolvedValue('P-1001');
    const page = screen.getByTestId('pdf-canvas');
    // the drawing is open once its zoom shows
    await screen.findByText('100 %');
    await waitFor(() => {
      fireEvent.pointerDown(page, { clientX: 10, clientY: 10 });
      fireEvent.pointerUp(page, { clientX: 11, clientY: 10 });
      expect(screen.getByText('P-1001')).toBeInTheDocument();
    });
    expect(await screen.findByText('No open model has this tag.', {}, { timeout: 2000 })).toBeInTheDocument();
    // a drag is a pan, not a pick
    pdf.textAt.mockClear();
    fireEvent.pointerDown(page, { clientX: 10, clientY: 10 });
    fireEvent.pointerUp(page, { clientX: 60, clientY: 10 });
    expect(pdf.textAt).not.toHaveBeenCalled();
  });

  it('takes one word with a digit for a tag', () => {
    expect(looksLikeTag('P-1001')).toBe(true);
    expect(looksLikeTag('FIT-2001A')).toBe(true);
    expect(looksLikeTag('INLET WORKS')).toBe(false);
    expect(looksLikeTag('NOTES')).toBe(false);
  });

  it('offers Upload to members at desktop widths; it replaces the page list', async () => {
    const pdf = fakePdfViewer(3);
    mockFetch({
      '/api/models/v.1': { json: modelInfo },
      [`/api/tree?id=${encodeURIComponent(PROJECT_ID)}`]: { json: [] },
    });
    renderWithProviders(
      <ViewerEngineProvider engine={fakeEngine(fakeModelViewer(), pdf)}>
        <PdfView contentUrl="/api/versions/v.1/content" viewables={viewables} />
      </ViewerEngineProvider>,
      {
        initialState: {
          ...initialAppState(),
          selectedProject: { projectid: PROJECT_ID, text: 'Works', hrefbim360: '', role: 'member' },
        },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Panels' }));
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Upload' }));
    expect(screen.getByRole('region', { name: 'Upload' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pages' })).toHaveAttribute('aria-pressed', 'false');
    vi.unstubAllGlobals();
  });
});
