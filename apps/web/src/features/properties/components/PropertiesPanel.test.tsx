import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../../test/fetchMock.ts';
import { configRoutes } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { DynamicRecord } from '@penstock/shared';
import type { ElementProperty } from '../objectDetailApi.ts';
import { dynamicRecordOfObject } from '../hooks/useOtherModelDynamic.ts';
import { DYNAMIC_GROUP_TITLE, NO_DATA_TEXT, PropertiesPanel } from './PropertiesPanel.tsx';

const prop = (
  displayCategory: string,
  displayName: string,
  displayValue: ElementProperty['displayValue'],
  units = '',
): ElementProperty => ({ displayCategory, displayName, displayValue, units, dbId: 7 });

const detailUrl = '/api/models/v.1/objects/7';
const detailOf = (properties: ElementProperty[]) => ({
  localId: 7,
  guid: '2O2Fr$t4X7Zf8NOew3FLOH',
  kind: 'element',
  ifcClass: 'IfcFlowMovingDevice',
  name: 'Circulator 3.9 LPS',
  predefinedType: 'CIRCULATOR',
  storey: 'Level 1',
  tag: 'P-101',
  tagSource: 'attribute',
  category: 'Pump',
  categorySource: 'ifc',
  properties,
});

function renderPanel(
  properties: ElementProperty[] | { status: number; error: string },
  dynamic?: DynamicRecord,
) {
  const routes = configRoutes();
  mockFetch({
    ...routes,
    '/config/filterCategoryWhitelist.json': {
      json: [{ type: 'Identity Data' }, { type: 'Dimensions' }, { type: 'Constraints' }],
    },
    [detailUrl]: Array.isArray(properties) ? { json: detailOf(properties) } : properties,
  });
  const onClose = vi.fn();
  renderWithProviders(
    <PropertiesPanel
      versionId="v.1"
      localId={7}
      tag="P-101"
      areaWidth={1200}
      dynamic={dynamic}
      onClose={onClose}
    />,
  );
  return { onClose };
}

describe('properties panel', () => {
  it('shows the shown properties grouped by category, converted, with links', async () => {
    renderPanel([
      prop('Identity Data', 'Name', 'Pump 1'),
      prop('Identity Data', 'Comments', 'none'),
      prop('Identity Data', 'Mark', ''),
      prop('Identity Data', 'hyperlink', 'https://example.com/pump'),
      prop('Dimensions', 'Area', 2_500_000, 'mm^2'),
      prop('Dimensions', 'Volume', 3_000_000_000, 'mm^3'),
      prop('Dimensions', 'Length', 0, 'mm'),
      prop('Constraints', 'Elevation', 1234.5, 'mm'),
      prop('Other', 'Secret', 'hidden'),
    ]);
    const panel = await screen.findByRole('dialog', { name: 'Properties' });
    expect(within(panel).getByText('P-101')).toBeInTheDocument();
    expect(await within(panel).findByText('Pump 1')).toBeInTheDocument();
    const groups = within(panel)
      .getAllByRole('button', { expanded: true })
      .map((button) => button.textContent);
    expect(groups).toEqual(['Identity Data', 'Dimensions', 'Constraints']);
    expect(within(panel).queryByText('Comments')).not.toBeInTheDocument();
    expect(within(panel).queryByText('Mark')).not.toBeInTheDocument();
    expect(within(panel).queryByText('Length')).not.toBeInTheDocument();
    expect(within(panel).queryByText('Secret')).not.toBeInTheDocument();
    expect(within(panel).getByText('2.500 m^2')).toBeInTheDocument();
    expect(within(panel).getByText('3.000 m^3')).toBeInTheDocument();
    expect(within(panel).getByText('1.234 m')).toBeInTheDocument();
    expect(within(panel).getByText('Hyperlink')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'https://example.com/pump' })).toHaveAttribute(
      'href',
      'https://example.com/pump',
    );
  });

  it('says what the object is and where its tag and category came from; marks type properties', async () => {
    renderPanel([
      prop('Identity Data', 'Mark', 'M-7'),
      { ...prop('Pset_PumpTypeCommon', 'FlowRateRange', '3.9'), fromType: true },
    ]);
    const panel = await screen.findByRole('dialog', { name: 'Properties' });
    expect(await within(panel).findByText('from IFC class')).toBeInTheDocument();
    const identity = panel.querySelector('dl.props-identity')!;
    expect(identity).toHaveTextContent('TagP-101from the IFC Tag attribute');
    expect(identity).toHaveTextContent('CategoryPumpfrom IFC class');
    expect(identity).toHaveTextContent('IFC classIfcFlowMovingDevice');
    expect(identity).toHaveTextContent('NameCirculator 3.9 LPS');
    expect(identity).toHaveTextContent('GlobalId2O2Fr$t4X7Zf8NOew3FLOH');
    expect(identity).toHaveTextContent('StoreyLevel 1');
    // the whitelist given here does not list Pset_ sets: only the Identity Data group shows
    expect(within(panel).queryByText('FlowRateRange')).not.toBeInTheDocument();
    expect(within(panel).getByText('M-7')).toBeInTheDocument();
  });

  it('shows the type properties of a set the whitelist matches by wildcard, marked as from the type', async () => {
    mockFetch({
      ...configRoutes(),
      '/config/filterCategoryWhitelist.json': { json: [{ type: 'Pset_*' }] },
      [detailUrl]: {
        json: detailOf([{ ...prop('Pset_PumpTypeCommon', 'FlowRateRange', '3.9'), fromType: true }]),
      },
    });
    renderWithProviders(
      <PropertiesPanel versionId="v.1" localId={7} tag="" areaWidth={1200} onClose={() => {}} />,
    );
    const row = (await screen.findByText('FlowRateRange')).closest('tr')!;
    expect(row).toHaveTextContent('FlowRateRangetype3.9');
    expect(within(row).getByTitle("From the element's type")).toBeInTheDocument();
    // no tag from the selection: the object's own tag and its source
    expect(screen.getByText('P-101')).toBeInTheDocument();
  });

  it('collapses a group and closes', async () => {
    const { onClose } = renderPanel([prop('Identity Data', 'Name', 'Pump 1')]);
    const toggle = await screen.findByRole('button', { name: 'Identity Data' });
    await screen.findByText('Pump 1');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Pump 1')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close properties' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when nothing is shown, and when the lookup fails', async () => {
    renderPanel([prop('Other', 'Secret', 'x'), prop('Identity Data', 'Zero', '0.000')]);
    expect(await screen.findByText(NO_DATA_TEXT)).toBeInTheDocument();
  });

  it('shows an empty set when the lookup fails', async () => {
    renderPanel({ status: 500, error: 'broken' });
    expect(await screen.findByText(NO_DATA_TEXT)).toBeInTheDocument();
  });

  it('starts 400 px from the right edge at y 200, at least 320 by 110', async () => {
    renderPanel([]);
    const panel = await screen.findByRole('dialog', { name: 'Properties' });
    expect(panel.style.left).toBe('800px');
    expect(panel.style.top).toBe('200px');
    expect(panel.style.minWidth).toBe('320px');
    expect(panel.style.minHeight).toBe('110px');
  });

  describe('dynamic properties', () => {
    const record = (locked: boolean): DynamicRecord => ({
      projectName: 'Works',
      fileName: 'Works.ifc',
      tag: 'P-101',
      guId: 'g1',
      category: 'Pump',
      locked,
      propValueList: [
        { propName: 'Note', propValue: 'Checked on site' },
        { propName: 'Installed By', propValue: 'Acme' },
      ],
    });

    it('shows the group of a locked object, its values as disabled inputs', async () => {
      renderPanel([prop('Identity Data', 'Name', 'Pump 1')], record(true));
      const panel = await screen.findByRole('dialog', { name: 'Properties' });
      await within(panel).findByText('Pump 1');
      const toggle = within(panel).getByRole('button', { name: DYNAMIC_GROUP_TITLE });
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const note = within(panel).getByLabelText('Note');
      expect(note).toHaveValue('Checked on site');
      expect(note).toBeDisabled();
      expect(within(panel).getByLabelText('Installed By')).toHaveValue('Acme');
      expect(within(panel).getByLabelText('Installed By')).toBeDisabled();
      await userEvent.click(toggle);
      expect(within(panel).queryByLabelText('Note')).not.toBeInTheDocument();
    });

    it('shows it even when no other property is shown', async () => {
      renderPanel([], record(true));
      expect(await screen.findByLabelText('Note')).toBeDisabled();
      expect(screen.queryByText(NO_DATA_TEXT)).not.toBeInTheDocument();
    });

    it('shows no group for an unlocked object, or one without a record', async () => {
      renderPanel([prop('Identity Data', 'Name', 'Pump 1')], record(false));
      await screen.findByText('Pump 1');
      expect(screen.queryByRole('button', { name: DYNAMIC_GROUP_TITLE })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Note')).not.toBeInTheDocument();
    });

    it('asks for another model’s values with that model’s project and file (getdynamic)', async () => {
      const asked: unknown[] = [];
      mockFetch({
        ...configRoutes(),
        '/config/filterCategoryWhitelist.json': { json: [{ type: 'Identity Data' }] },
        [detailUrl]: { json: detailOf([prop('Identity Data', 'Name', 'Pump 1')]) },
        '/api/models/v.1': {
          json: {
            versionId: 'v.1',
            projectName: 'Works',
            fileName: 'Process.ifc',
            conversion: { state: 'done' },
            viewables: [],
          },
        },
        'POST /api/getdynamic': (init) => {
          asked.push(JSON.parse(String((init?.body as FormData).get('Data'))));
          return {
            json: [
              {
                Tag: 'P-101',
                ProjectName: 'Works',
                Locked: true,
                PropertyValueData: [{ propName: 'Weight (kg)', propValue: '410' }],
              },
            ],
          };
        },
      });
      renderWithProviders(
        <PropertiesPanel
          versionId="v.1"
          localId={7}
          tag="P-101"
          areaWidth={1200}
          otherModel
          onClose={() => {}}
        />,
      );
      const weight = await screen.findByLabelText('Weight (kg)');
      expect(weight).toHaveValue('410');
      expect(weight).toBeDisabled();
      expect(asked).toEqual([{ projectName: 'Works', fileName: 'Process.ifc' }]);
    });

    it('builds another model’s record from the object’s category, and none without a tag', () => {
      const model = { projectName: 'Works', fileName: 'Process.ifc' };
      const pump = { tag: 'P-101', category: 'Pump', guid: 'g1' };
      const record = dynamicRecordOfObject(pump, model, [])!;
      expect(record).toMatchObject({ ...model, tag: 'P-101', guId: 'g1', category: 'Pump', locked: false });
      expect(record.propValueList).toContainEqual({ propName: 'Weight (kg)', propValue: '' });
      // another project's unlocked entry is not this model's
      const foreign = [
        {
          Tag: 'P-101',
          ProjectName: 'Elsewhere',
          Locked: false,
          PropertyValueData: [{ propName: 'Weight (kg)', propValue: '9' }],
        },
      ];
      expect(dynamicRecordOfObject(pump, model, foreign)!.propValueList).toContainEqual({
        propName: 'Weight (kg)',
        propValue: '',
      });
      expect(dynamicRecordOfObject({ ...pump, tag: '' }, model, [])).toBeUndefined();
    });
  });
});
