import type { FragmentsModel } from '@thatopen/fragments';

type VisibleModel = Pick<FragmentsModel, 'setVisible'>;

/**
 * What the model shows: everything, or only an isolated set (Isolate Hazards), less the objects hidden one
 * by one (the model tree's eye icons). The two combine: isolating keeps hidden objects hidden, and showing a
 * hidden object again leaves it out while it is outside the isolated set. Only objects with geometry count.
 */
export class Visibility {
  private all: readonly number[] = [];
  private drawable = new Set<number>();
  private isolated: Set<number> | null = null;
  private readonly hiddenIds = new Set<number>();
  private visible = 0;

  /** A newly loaded model: everything shows. */
  reset(geometryIds: readonly number[]): void {
    this.all = geometryIds;
    this.drawable = new Set(geometryIds);
    this.isolated = null;
    this.hiddenIds.clear();
    this.visible = geometryIds.length;
  }

  get visibleCount(): number {
    return this.visible;
  }

  get hidden(): readonly number[] {
    return [...this.hiddenIds];
  }

  /** Show only these objects (less the hidden ones); null ends the isolation. */
  async isolate(model: VisibleModel, localIds: readonly number[] | null): Promise<void> {
    if (localIds === null) {
      this.isolated = null;
      await model.setVisible(undefined, true);
      if (this.hiddenIds.size) await model.setVisible([...this.hiddenIds], false);
    } else {
      this.isolated = new Set(localIds);
      await model.setVisible(undefined, false);
      const shown = this.all.filter((id) => this.shows(id));
      if (shown.length) await model.setVisible(shown, true);
    }
    this.count();
  }

  /** Hide these objects (hidden true) or show them again (false). */
  async hide(model: VisibleModel, localIds: readonly number[], hidden: boolean): Promise<void> {
    const ids = localIds.filter((id) => this.drawable.has(id));
    if (hidden) {
      for (const id of ids) this.hiddenIds.add(id);
      if (ids.length) await model.setVisible(ids, false);
    } else {
      for (const id of ids) this.hiddenIds.delete(id);
      const shown = ids.filter((id) => this.shows(id));
      if (shown.length) await model.setVisible(shown, true);
    }
    this.count();
  }

  private shows(id: number): boolean {
    return !this.hiddenIds.has(id) && (this.isolated === null || this.isolated.has(id));
  }

  private count(): void {
    let visible = 0;
    for (const id of this.all) if (this.shows(id)) visible++;
    this.visible = visible;
  }
}
