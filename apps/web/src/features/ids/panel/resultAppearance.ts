import type { IdsObjectStates } from '@penstock/shared';
import type { AppearanceState, LegendRow, ObjectRef } from '@penstock/viewer';

/**
 * Colour by result (issue 36 §3): the objects of a check that fail red, those that pass green, both solid;
 * every other object (not applicable) faded by x-ray. Pure, so it is tested without a viewer.
 */
export const RESULT_COLOURS = { failing: '#d93025', passing: '#2e9e44' } as const;
export const RESULT_LABELS = { failing: 'Fails', passing: 'Passes' } as const;

/** The legend's title in the Visibility panel: the IDS, and the specification when one is coloured alone. */
export const resultLegendTitle = (idsName: string, specificationName?: string | null) =>
  `Information requirements: ${specificationName ? `${specificationName} (${idsName})` : idsName}`;

/**
 * The look of a check's result in the tab's own model (`urn:<versionId>`), keeping what the user hid or
 * isolated in `current`. An object both passing one specification and failing another (every
 * specification coloured at once) is failing.
 */
export function resultAppearance(
  states: Pick<IdsObjectStates, 'passing' | 'failing'>,
  versionId: string,
  title: string,
  current?: Pick<AppearanceState, 'hidden' | 'isolated'>,
): AppearanceState {
  const model = `urn:${versionId}`;
  const failing = [...new Set(states.failing)];
  const failed = new Set(failing);
  const passing = [...new Set(states.passing)].filter((id) => !failed.has(id));
  const refs = (ids: readonly number[]): ObjectRef[] => ids.map((localId) => ({ model, localId }));
  const groups = [
    { key: 'failing' as const, objects: refs(failing) },
    { key: 'passing' as const, objects: refs(passing) },
  ].filter((group) => group.objects.length > 0);
  const legend: LegendRow[] = groups.map((group) => ({
    value: RESULT_LABELS[group.key],
    colour: RESULT_COLOURS[group.key],
    count: group.objects.length,
  }));
  return {
    hidden: current?.hidden ?? [],
    isolated: current?.isolated ?? null,
    xray: true,
    colours: groups.map((group) => ({ colour: RESULT_COLOURS[group.key], objects: group.objects })),
    colourBy: legend.length ? { property: title, legend } : null,
    solid: groups.flatMap((group) => group.objects),
  };
}

/** The look without a result's colours: no colours, no x-ray, nothing kept solid (hidden and isolated stay). */
export const withoutResult = (current: AppearanceState): AppearanceState => ({
  ...current,
  xray: false,
  colours: [],
  colourBy: null,
  solid: [],
});
