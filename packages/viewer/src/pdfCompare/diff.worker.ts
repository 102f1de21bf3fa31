/// <reference lib="webworker" />
import { diffPageImages, type PageDiffOptions, type PageImage } from './pageDiff.ts';

/** A diff asked of the worker: both pages' pixels are transferred in and handed back with the answer. */
export interface DiffRequest {
  id: number;
  base: PageImage;
  head: PageImage;
  options: PageDiffOptions;
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<DiffRequest>) => {
  const { id, base, head, options } = event.data;
  try {
    const diff = diffPageImages(base, head, options);
    scope.postMessage({ id, diff, base, head }, [base.data.buffer, head.data.buffer]);
  } catch (failure) {
    scope.postMessage(
      { id, error: failure instanceof Error ? failure.message : String(failure), base, head },
      [base.data.buffer, head.data.buffer],
    );
  }
};
