import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLOTH_FILTER_SHEET, PUMP_SHEET_PLACEHOLDER } from '@penstock/shared';
import { initialAppState } from '../../base/store.tsx';
import { deferred, mockFetch, type Reply, type Routes } from '../../test/fetchMock.ts';
import { renderWithProviders, storeState } from '../../test/render.tsx';
import {
  callCount,
  formRoutes,
  memberState,
  PROJECT_ID,
  sentJson,
  stored,
  user,
} from '../projectData/test/fixtures.ts';
import {
  DATA_SHEET_IN_DEVELOPMENT,
  DocumentEditingSection,
  NO_PROJECT_FOR_DATA_SHEET,
} from '../schedules/DocumentEditingSection.tsx';
import { HANDOVER_TITLE } from './ClothFilterSheetModal.tsx';

const SHEET = 'cloth_filter_datasheet';
/** A sheet saved earlier, without TSS and total P (so it cannot be saved again as it is). */
const storedSheet = [
  stored(SHEET, 'units_duty', '2'),
  stored(SHEET, 'model', 'Mecana'),
  stored(SHEET, 'flow_dwf', '40'),
  stored(SHEET, 'flow_fft', '120'),
  stored(SHEET, 'backwash_frequency', '24'),
  stored('site_details', 'model', 'Not this one'),
];

function setup(extra: Routes = {}, values = storedSheet, initialState = memberState()) {
  const fetchMock = mockFetch({
    ...formRoutes(),
    'POST /api/getprojectinput': { json: { values } },
    ...extra,
  });
  const onOpenSchedule = vi.fn();
  const view = renderWithProviders(<DocumentEditingSection onOpenSchedule={onOpenSchedule} />, {
    initialState,
  });
  return { fetchMock, view };
}

async function openClothFilter() {
  await userEvent.selectOptions(screen.getByLabelText('Data sheets'), 'Cloth Filter data sheet');
  await userEvent.click(screen.getByRole('button', { name: 'Open Data Sheet' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cloth Filter data sheet' });
  const form = await within(dialog).findByRole('form', { name: 'Cloth Filter data sheet' });
  return { dialog, form };
}

const handoverBox = (dialog: HTMLElement) => within(dialog).getByRole('region', { name: HANDOVER_TITLE });

describe('Data sheets of the Document editing section', () => {
  it('offers the Cloth Filter data sheet and the pump sheet in development', () => {
    setup();
    const select = screen.getByLabelText('Data sheets');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Cloth Filter data sheet', `Pump data sheet (${DATA_SHEET_IN_DEVELOPMENT})`]);
    expect(screen.getByRole('button', { name: 'Open Data Sheet' })).toBeEnabled();
  });

  it('shows the placeholder for the pump sheet', async () => {
    setup();
    await userEvent.selectOptions(
      screen.getByLabelText('Data sheets'),
      `Pump data sheet (${DATA_SHEET_IN_DEVELOPMENT})`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open Data Sheet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pump data sheet' });
    expect(dialog).toHaveTextContent(PUMP_SHEET_PLACEHOLDER);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says why the cloth filter sheet cannot open without a project', async () => {
    setup({}, storedSheet, initialAppState());
    const open = screen.getByRole('button', { name: 'Open Data Sheet' });
    expect(open).toBeDisabled();
    expect(open).toHaveAttribute('title', NO_PROJECT_FOR_DATA_SHEET);
    expect(open).toHaveAccessibleDescription(NO_PROJECT_FOR_DATA_SHEET);
    // the pump placeholder needs no project
    await userEvent.selectOptions(
      screen.getByLabelText('Data sheets'),
      `Pump data sheet (${DATA_SHEET_IN_DEVELOPMENT})`,
    );
    expect(open).toBeEnabled();
  });

  it('shows the stored values; Save waits for the required fields, then saves the sheet', async () => {
    const answer = deferred<Reply>();
    const { fetchMock } = setup({ 'POST /api/saveprojectinput': () => answer.promise });
    const { dialog, form } = await openClothFilter();
    expect(dialog.querySelector('.modal-dialog')).toHaveClass('modal-xl');
    expect(sentJson(fetchMock, '/api/getprojectinput')).toEqual({ projectid: PROJECT_ID });
    expect(within(form).getByLabelText(/Model/)).toHaveValue('Mecana');
    expect(within(form).getByLabelText(/Duty units/)).toHaveValue(2);
    expect(within(form).getByLabelText(/Dry weather flow/)).toHaveValue(40);
    expect(within(form).getByLabelText(/Remark 8/)).toHaveValue('');

    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(within(form).getByLabelText(/TSS average/)).toHaveClass('is-invalid');
    await userEvent.type(within(form).getByLabelText(/TSS average/), '12');
    expect(save).toBeDisabled();
    await userEvent.type(within(form).getByLabelText(/Total P/), '0.45');
    expect(save).toBeEnabled();
    await userEvent.type(within(form).getByLabelText(/Remark 1/), 'Covered');
    await userEvent.click(save);

    expect(within(form).getByRole('status')).toHaveTextContent('Saving Cloth Filter data sheet...');
    const entered: Record<string, string> = {
      units_duty: '2',
      model: 'Mecana',
      flow_dwf: '40',
      flow_fft: '120',
      backwash_frequency: '24',
      tss_average: '12',
      total_p: '0.45',
      remark_1: 'Covered',
    };
    expect(sentJson(fetchMock, '/api/saveprojectinput')).toEqual({
      projectid: PROJECT_ID,
      category: SHEET,
      fmejob: '',
      fileType: null,
      data: CLOTH_FILTER_SHEET.field_sets.flatMap((set) =>
        set.input_fields.map((field) => ({ category: field.key, value: entered[field.key] ?? '' })),
      ),
    });
    answer.resolve({ json: { saved: 27 } });
    expect(await within(form).findByText('Cloth Filter data sheet saved')).toBeInTheDocument();
    await waitFor(() => expect(callCount(fetchMock, '/api/getprojectinput')).toBe(2));
  });

  it('applies the handover and sampling rules to the values as they are typed', async () => {
    setup();
    const { dialog, form } = await openClothFilter();
    const box = handoverBox(dialog);
    expect(box).toHaveTextContent('TSS over at least 10 days, 20 spot samples, judged on the average');
    expect(box).toHaveTextContent('Spot samples: 5');
    expect(box).toHaveTextContent('Maximum 30 °C, minimum 5 °C');
    expect(box).toHaveTextContent('Backwash at least once a day');

    const totalP = within(form).getByLabelText(/Total P/);
    await userEvent.type(totalP, '0.45');
    expect(within(box).getByTestId('spot-samples')).toHaveTextContent('Spot samples: 10');
    await userEvent.clear(totalP);
    await userEvent.type(totalP, '0.3');
    expect(within(box).getByTestId('spot-samples')).toHaveTextContent('Spot samples: 5');

    const backwash = within(form).getByLabelText(/Backwash frequency/);
    await userEvent.clear(backwash);
    await userEvent.type(backwash, '0.5');
    expect(box).toHaveTextContent('Backwash at least 1 time a day (entered 0.5)');
    await userEvent.type(within(form).getByLabelText(/temperature, minimum/), '12');
    await userEvent.type(within(form).getByLabelText(/temperature, maximum/), '8');
    expect(box).toHaveTextContent('Maximum 8 °C, minimum 12 °C');
    expect(box).toHaveTextContent('The minimum wastewater temperature is above the maximum');
  });

  it('exports the PDF: spinner, then where it is stored and Open in a viewer tab', async () => {
    const answer = deferred<Reply>();
    const { fetchMock, view } = setup({ 'POST /api/createreport': () => answer.promise });
    const { dialog } = await openClothFilter();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export PDF' }));

    expect(within(dialog).getByRole('button', { name: 'Exporting...' })).toBeDisabled();
    expect(sentJson(fetchMock, '/api/createreport')).toEqual({
      userId: user.id,
      projectid: PROJECT_ID,
      report_id: SHEET,
      report_name: 'Cloth Filter data sheet',
      bim360_folder_id: 'WIP/Data sheets',
      fileType: 'pdf',
      fmejob: '',
      schema: '',
      PLM_project_id: '',
    });
    answer.resolve({
      json: {
        itemId: 'i.sheet',
        versionId: 'v.sheet',
        fileName: 'Cloth Filter data sheet.pdf',
        folderPath: 'WIP/Data sheets',
        revision: 'P01.01',
        suitability: 'S0',
      },
    });
    const stored = await within(dialog).findByText(
      'Stored as WIP/Data sheets/Cloth Filter data sheet.pdf (P01.01)',
    );
    expect(stored.closest('.alert')).toHaveClass('alert-success');
    expect(within(dialog).getByRole('button', { name: 'Export PDF' })).toBeEnabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Open' }));
    expect(storeState(view.container).openModels).toEqual([
      expect.objectContaining({
        id: 'i.sheet',
        versionId: 'v.sheet',
        fileType: 'pdf',
        revision: 'P01.01',
        suitability: 'S0',
        selected: true,
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's error when the sheet cannot be exported", async () => {
    setup(
      {
        'POST /api/createreport': {
          status: 400,
          error: 'Save the Cloth Filter data sheet before exporting it',
        },
      },
      [],
    );
    const { dialog } = await openClothFilter();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export PDF' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect(alert).toHaveTextContent('Save the Cloth Filter data sheet before exporting it');
    expect(within(dialog).queryByRole('button', { name: 'Open' })).not.toBeInTheDocument();
  });
});
