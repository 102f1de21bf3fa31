export interface AssetTip {
  x: number;
  y: number;
  tag: string;
  category: string;
}

/** The asset data of the object under the pointer (position relative to the viewer). */
export function AssetTooltip({ tip }: { tip: AssetTip }) {
  return (
    <div className="asset-tooltip" role="tooltip" style={{ left: tip.x + 14, top: tip.y + 14 }}>
      <div>
        <span className="text-secondary">Tag</span> <strong>{tip.tag || 'No tag'}</strong>
      </div>
      <div className="small">{tip.category}</div>
    </div>
  );
}
