import type { FragmentsModel } from '@thatopen/fragments';

type VisibleModel = Pick<FragmentsModel, 'setVisible'>;

/**
 * What one model shows: everything, or only an isolated set, less the objects hidden one by one. The two
 * combine: isolating keeps hidden objects hidden, and showing a hidden object again leaves it out while it is
 * outside the isolated set. Only objects with geometry count. The appearance tool (appearance.ts) keeps one
 * per loaded model and sets it from its state; `set` changes only the objects whose visibility changes.
 */
export class Visibility {
  private all: readonly number[] = [];
  private drawable = new Set<number>();
  private isolated: Set<number> | null = null;
  private hiddenIds = new Set<number>();
  private visible = 0;

  /** A newly loaded model: everything shows. */
  reset(geometryIds: readonly number[]): void {
    this.all = geometryIds;
    this.drawable = new Set(geometryIds);
    this.isolated = null;
    this.hiddenIds = new Set();
    this.visible = geometryIds.length;
  }

  get visibleCount(): number {
    return this.visible;
  }

  get hidden(): readonly number[] {
    return [...this.hiddenIds];
  }

  /** The objects with geometry. */
  get geometry(): readonly number[] {
    return this.all;
  }

  /** Show only these objects (less the hidden ones); null ends the isolation. */
  async isolate(model: VisibleModel, localIds: readonly number[] | null): Promise<void> {
    await this.set(model, [...this.hiddenIds], localIds);
  }

  /** Hide these objects (hidden true) or show them again (false). */
  async hide(model: VisibleModel, localIds: readonly number[], hidden: boolean): Promise<void> {
    const next = new Set(this.hiddenIds);
    for (const id of localIds) {
      if (hidden) next.add(id);
      else next.delete(id);
    }
    await this.set(model, [...next], this.isolated && [...this.isolated]);
  }

  /** Hide exactly these objects and isolate these (null: no isolation): the model is told what changes. */
  async set(
    model: VisibleModel,
    hidden: readonly number[],
    isolated: readonly number[] | null,
  ): Promise<void> {
    const nextHidden = new Set(hidden.filter((id) => this.drawable.has(id)));
    const nextIsolated = isolated === null ? null : new Set(isolated);
    const show: number[] = [];
    const hide: number[] = [];
    let visible = 0;
    for (const id of this.all) {
      const was = this.shows(id);
      const will = !nextHidden.has(id) && (nextIsolated === null || nextIsolated.has(id));
      if (will) visible++;
      if (was !== will) (will ? show : hide).push(id);
    }
    this.hiddenIds = nextHidden;
    this.isolated = nextIsolated;
    this.visible = visible;
    if (hide.length) await model.setVisible(hide, false);
    if (show.length) await model.setVisible(show, true);
  }

  /** Whether an object is shown now (not hidden, and isolated when there is an isolation). */
  shows(id: number): boolean {
    return !this.hiddenIds.has(id) && (this.isolated === null || this.isolated.has(id));
  }
}
