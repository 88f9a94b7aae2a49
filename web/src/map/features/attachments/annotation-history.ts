import type { Annotation } from '@fieldbook/domain';

/**
 * The annotations being edited with their undo steps: every drawing and every clear is one step, so
 * undo after a clear brings the cleared annotations back. `saved` is what the server holds.
 */
export interface AnnotationHistory {
  saved: readonly Annotation[];
  steps: ReadonlyArray<readonly Annotation[]>;
}

export const startHistory = (saved: readonly Annotation[]): AnnotationHistory => ({ saved, steps: [] });

export const currentOf = (h: AnnotationHistory): readonly Annotation[] => h.steps.at(-1) ?? h.saved;

export const draw = (h: AnnotationHistory, a: Annotation): AnnotationHistory => ({
  ...h,
  steps: [...h.steps, [...currentOf(h), a]],
});

export const clearAll = (h: AnnotationHistory): AnnotationHistory =>
  currentOf(h).length ? { ...h, steps: [...h.steps, []] } : h;

export const undo = (h: AnnotationHistory): AnnotationHistory => ({ ...h, steps: h.steps.slice(0, -1) });

/** Unsaved: what is shown differs from what the server holds. */
export const isDirty = (h: AnnotationHistory) => JSON.stringify(currentOf(h)) !== JSON.stringify(h.saved);
