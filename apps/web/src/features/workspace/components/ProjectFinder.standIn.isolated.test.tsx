import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LeftNav } from '../../../app/shell/LeftNav.tsx';
import { mockFetch } from '../../../test/fetchMock.ts';
import { otherProject, signedInRoutes } from '../../../test/fixtures.ts';
import { renderWithProviders, storeState } from '../../../test/render.tsx';

// first render of the finder in this file: react-select is not loaded yet, the stand-in takes the typing
describe('project finder before react-select has loaded', () => {
  it('keeps what was typed, hands it over, and Enter chooses the first match', async () => {
    mockFetch(signedInRoutes());
    const { container } = renderWithProviders(<LeftNav />);
    const standIn = screen.getByPlaceholderText('Select project');
    expect(standIn.closest('.finder-stand-in')).not.toBeNull();
    expect(screen.getByText('Select project')).toBeInTheDocument();

    // the whole word is in before react-select arrives (as on a busy machine): the drop-down must still
    // open on the first match, or Enter would do nothing
    standIn.focus();
    fireEvent.keyDown(standIn, { key: 'b' });
    fireEvent.change(standIn, { target: { value: 'bristol' } });
    // the drop-down took over with the text and its filtered list
    const input = await screen.findByRole('combobox', { name: 'Select project' });
    await waitFor(() => expect(input).toHaveValue('bristol'));
    expect(await screen.findByRole('option', { name: 'Bristol Reservoir' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Anglian Water Treatm...' })).not.toBeInTheDocument();

    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(storeState(container).selectedProject?.projectid).toBe(otherProject.projectid),
    );
    expect(
      await screen.findByText('Bristol Reservoir', { selector: '.finder__single-value' }),
    ).toBeInTheDocument();
  });
});
