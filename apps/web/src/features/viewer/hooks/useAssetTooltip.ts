import { useRef, useState, type PointerEvent, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ModelViewer } from '@penstock/viewer';
import type { AssetTip } from '../components/AssetTooltip.tsx';
import type { ViewerExtensions } from '../extensions.tsx';
import type { IndexedObjects } from '../objectIndex.ts';

export const TOOLTIP_THROTTLE_MS = 120;

/**
 * The asset-data tooltip (toolbar toggle, on at first): the tag and category of what is under the pointer,
 * picked at most every TOOLTIP_THROTTLE_MS while no button is down.
 */
export function useAssetTooltip({
  ready,
  viewer,
  index,
  hostRef,
  versionId,
  prefetchSelection,
}: {
  ready: boolean;
  viewer: ModelViewer | null;
  index: IndexedObjects | null;
  /** the tip's position is relative to this element */
  hostRef: RefObject<HTMLElement | null>;
  versionId: string;
  prefetchSelection: ViewerExtensions['prefetchSelection'];
}) {
  const queryClient = useQueryClient();
  const [tooltipActive, setTooltipActive] = useState(true);
  const [tip, setTip] = useState<AssetTip | null>(null);
  const lastPick = useRef(0);

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!tooltipActive || !ready || !viewer || !index || event.buttons !== 0) return;
    const now = performance.now();
    if (now - lastPick.current < TOOLTIP_THROTTLE_MS) return;
    lastPick.current = now;
    const bounds = (hostRef.current ?? event.currentTarget).getBoundingClientRect();
    const { clientX, clientY } = event;
    void viewer.pick(clientX, clientY).then((localId) => {
      if (localId === null) setTip(null);
      else {
        // the pointer rests on an object before it is clicked: its values are fetched now, so the click
        // finds them in the cache and the panel opens with no round trip to the server
        void prefetchSelection(queryClient, versionId, localId).catch(() => undefined);
        setTip({
          x: clientX - bounds.left,
          y: clientY - bounds.top,
          tag: index.tagOf(localId),
          category: index.categoryOf(localId),
        });
      }
    });
  };

  return {
    tooltipActive,
    /** the tip to show: none while the tooltip is off */
    tip: tooltipActive ? tip : null,
    onPointerMove,
    onPointerLeave: () => setTip(null),
    toggleTooltip: () => {
      setTooltipActive(!tooltipActive);
      setTip(null);
    },
  };
}
