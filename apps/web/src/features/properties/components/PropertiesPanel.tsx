import { useMemo, useState, type ReactNode } from 'react';
import { FaChevronDown, FaChevronRight } from 'react-icons/fa6';
import type { DynamicRecord } from '@penstock/shared';
import { Loading } from '../../../components/Loading.tsx';
import { useConfig } from '../../config/hooks/useConfig.ts';
import type { ElementProperty } from '../objectDetailApi.ts';
import { categoryList, safeHref } from '../categories.ts';
import { initialPanelBox } from '../../../components/useFloatingPanel.ts';
import { FloatingPanel } from '../../../components/FloatingPanel.tsx';
import { useObjectDetail } from '../hooks/useProperties.ts';
import { useOtherModelDynamic } from '../hooks/useOtherModelDynamic.ts';
import { ObjectIdentity } from './ObjectIdentity.tsx';
import { ObjectIdsResults } from '../../ids/ObjectIdsResults.tsx';
import {
  formatPropertyValue,
  groupByCategory,
  isLinkProperty,
  isShownProperty,
  linkLabel,
} from '../rules.ts';

export const NO_DATA_TEXT = 'There is no data associated with this object.';
export const DYNAMIC_GROUP_TITLE = 'Dynamic Properties';

function PropertyRow({ property }: { property: ElementProperty }) {
  if (isLinkProperty(property.displayName)) {
    const value = String(property.displayValue ?? '');
    const href = safeHref(value);
    const label = linkLabel(property.displayName);
    return (
      <tr>
        <th scope="row">{label}</th>
        <td>
          {href ? (
            <a href={href} target="_blank" rel="noopener noreferrer">
              {value}
            </a>
          ) : (
            value
          )}
        </td>
      </tr>
    );
  }
  const { value, units } = formatPropertyValue({ ...property, units: property.units ?? '' });
  return (
    <tr className={property.fromType ? 'props-from-type' : undefined}>
      <th scope="row">
        {property.displayName}
        {property.fromType && (
          <span className="props-type-badge" title="From the element's type">
            type
          </span>
        )}
      </th>
      <td>
        {String(value)}
        {units ? ` ${units}` : ''}
      </td>
    </tr>
  );
}

/** A collapsible group, open at first; its body gets the id the toggle controls. */
function CollapsibleGroup({ title, children }: { title: string; children: (id: string) => ReactNode }) {
  const [open, setOpen] = useState(true);
  const id = `props-${title.replace(/[^a-z0-9]+/gi, '-')}`;
  return (
    <section className="props-group">
      <button
        type="button"
        className="props-group-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {open ? <FaChevronDown aria-hidden="true" /> : <FaChevronRight aria-hidden="true" />}
        <span>{title}</span>
      </button>
      {open && children(id)}
    </section>
  );
}

function PropertyGroup({ category, properties }: { category: string; properties: ElementProperty[] }) {
  return (
    <CollapsibleGroup title={category}>
      {(id) => (
        <table className="table table-sm props-table mb-1" id={id}>
          <tbody>
            {properties.map((property, index) => (
              <PropertyRow key={`${property.displayName}-${index}`} property={property} />
            ))}
          </tbody>
        </table>
      )}
    </CollapsibleGroup>
  );
}

/** The dynamic values of a locked object (spec §6): read-only, as disabled inputs. */
function DynamicGroup({ record }: { record: DynamicRecord }) {
  return (
    <CollapsibleGroup title={DYNAMIC_GROUP_TITLE}>
      {(id) => (
        <div className="props-dynamic mb-1" id={id}>
          {record.propValueList.map(({ propName, propValue }, index) => (
            <div className="mb-1" key={`${propName}-${index}`}>
              <label className="form-label small mb-0" htmlFor={`${id}-${index}`}>
                {propName}
              </label>
              <input
                id={`${id}-${index}`}
                className="form-control form-control-sm"
                value={propValue}
                disabled
                readOnly
              />
            </div>
          ))}
        </div>
      )}
    </CollapsibleGroup>
  );
}

/** The properties of the selected object, in a draggable, resizable panel over the viewer. */
export function PropertiesPanel({
  versionId,
  localId,
  tag,
  areaWidth,
  dynamic: given,
  otherModel = false,
  onClose,
}: {
  versionId: string;
  localId: number;
  tag: string;
  /** the merged dynamic record of the object's tag: its group shows only when it is locked */
  dynamic?: DynamicRecord | undefined;
  /**
   * the object is in another model of a federated view than the tab's: the panel asks for its dynamic values
   * itself, with that model's project and file (the tab's data are its own model's)
   */
  otherModel?: boolean | undefined;
  /** width of the area the panel floats in (its start is 400 px from the right edge) */
  areaWidth: number;
  onClose: () => void;
}) {
  const config = useConfig();
  const detail = useObjectDetail(versionId, localId);
  const detailTag = detail.data && { tag, category: detail.data.category, guid: detail.data.guid };
  const asked = useOtherModelDynamic(otherModel ? versionId : null, detailTag);
  const dynamic = otherModel ? asked : given;
  const categories = useMemo(() => categoryList(config.data?.filterCategoryWhitelist), [config.data]);
  // a failed lookup shows an empty property set (spec §8)
  const groups = useMemo(
    () => groupByCategory((detail.data?.properties ?? []).filter((p) => isShownProperty(p, categories))),
    [detail.data, categories],
  );

  return (
    <FloatingPanel
      id="props-panel"
      title="Properties"
      closeLabel="Close properties"
      onClose={onClose}
      initial={() => initialPanelBox(areaWidth)}
    >
      <ObjectIdentity tag={tag} detail={detail.data} />
      {/* issue 36: what the object fails of the information requirements, before its properties */}
      <ObjectIdsResults versionId={versionId} localId={localId} />
      {detail.isPending ? (
        <Loading label="Loading properties..." />
      ) : groups.length === 0 && !dynamic?.locked ? (
        <p className="text-secondary mb-0">{NO_DATA_TEXT}</p>
      ) : (
        <>
          {groups.map((group) => (
            <PropertyGroup key={group.category} {...group} />
          ))}
          {dynamic?.locked && <DynamicGroup record={dynamic} />}
        </>
      )}
    </FloatingPanel>
  );
}
